/**
 * English workplace families: what a room is used for (dev), which desk a colleague sits at
 * (held-out), and which operating system a host runs (held-out).
 */

import { defineFamily, variant } from "./kit.js";
import { an, cap, DESK, EN_ROOM, type EnPerson, enPerson, HOST_NAME, OPERATING_SYSTEMS, other, pick } from "./names.js";

const ROOM_USES = [
  "client meetings",
  "job interviews",
  "storage",
  "yoga classes",
  "podcast recording",
  "board meetings",
  "quiet work",
  "training sessions",
  "video shoots",
  "the weekly all-hands",
  "phone calls",
  "design reviews",
  "the on-call team",
  "parent-teacher meetings",
  "band practice",
  "exam invigilation",
];

type Room = { entity: string; value: string; ref: string };

/** "the Larch Room" takes an article; "Room 202" and "Lab 3.14" don't. */
const roomRef = (name: string) => (/^(?!Meeting )\w+ Room$/.test(name) ? `the ${name}` : name);

const room = variant<Room>({
  attribute: "use",
  draw: (r, book) => {
    const entity = book.entity(EN_ROOM);
    return { entity, ref: roomRef(entity), value: pick(r, ROOM_USES) };
  },
  forms: [
    (c) => `${cap(c.ref)} is used for ${c.value}.`,
    (c) => `We use ${c.ref} for ${c.value}.`,
    (c) => `As for ${c.ref}, it's for ${c.value}.`,
    (c) => `The room we book for ${c.value} is ${c.ref}.`,
    (c) => [`Which room should I book?`, `${cap(c.ref)} — that's the one we keep for ${c.value}.`],
    (c, r) =>
      `${cap(c.ref)} (${pick(r, ["on the second floor", "next to the kitchen", "in the annex", "by the lifts"])}) is reserved for ${c.value}.`,
    (c) => `At my office, ${c.ref} is set aside for ${c.value}.`,
    (c) => `Facilities turned ${c.ref} into a space for ${c.value}.`,
    (c) => `Don't book ${c.ref} for a regular meeting, it's only for ${c.value}.`,
  ],
  questions: [
    (c) => `What is ${c.ref} used for?`,
    (c) => `What do we use ${c.ref} for?`,
    (c) => `What's ${c.ref} for?`,
    (c) => `What is ${c.ref} set aside for?`,
  ],
  next: (c, r) => other(r, ROOM_USES, c.value),
  updates: [
    (c, v) => `${cap(c.ref)} is now used for ${v}.`,
    (c, v) => `${cap(c.ref)} has been switched to ${v}.`,
    (c, v) => `From next week ${c.ref} will be for ${v}.`,
    (c, v) => `${cap(c.ref)} is used for ${v}.`,
    (c, v) => `They turned ${c.ref} into a room for ${v} instead of ${c.value}.`,
    (c, v) => `Facilities changed ${c.ref} over to ${v}.`,
  ],
});

export const enRoomUse = defineFamily(
  {
    id: "en-room-use",
    language: "en",
    split: "dev",
    description: "What a named room is used for; repurposing updates it.",
  },
  [room],
);

type Seat = EnPerson & { entity: string; value: string };

const desk = variant<Seat>({
  attribute: "desk",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(DESK) };
  },
  forms: [
    (c) => `${cap(c.ref)} sits at desk ${c.value}.`,
    (c) => `My ${c.rel} ${c.name}'s desk is ${c.value}, right by the window.`,
    (c) => `Desk ${c.value} is where ${c.name} sits.`,
    (c) => [`Where can I find ${c.name} in the office?`, `${c.name} is at desk ${c.value} on the third floor.`],
    (c) => `As for ${c.name}, ${c.he}'s been assigned desk ${c.value}.`,
    (c) => `The new hire, ${c.name}, is at ${c.value}, next to me.`,
    (c) => `${c.name} (from finance) got desk ${c.value} after the reshuffle.`,
    (c) => `If you need ${c.name}, ${c.he} sits at ${c.value}.`,
  ],
  questions: [
    (c) => `Where does ${c.name} sit?`,
    (c) => `Which desk is ${c.name} at?`,
    (c) => `What's ${c.name}'s desk number?`,
    (c) => `Which desk was ${c.name} given?`,
  ],
  next: (_c, _r, book) => book.fresh(DESK),
  updates: [
    (c, v) => `${c.name} moved to desk ${v}.`,
    (c, v) => `${c.name} sits at ${v} now.`,
    (c, v) => `${c.name}'s desk was changed to ${v}.`,
    (c, v) => `${c.name} has switched to desk ${v}.`,
    (c, v) => `${c.name} is at desk ${v}.`,
    (c, v) => `After the floor move, ${c.name} ended up at ${v}.`,
  ],
});

export const enDesks = defineFamily(
  {
    id: "en-desks",
    language: "en",
    split: "held-out",
    description: "Which desk a colleague sits at; seat moves update it.",
  },
  [desk],
);

type Host = { entity: string; value: string };

const host = variant<Host>({
  attribute: "operating system",
  draw: (r, book) => ({ entity: book.entity(HOST_NAME), value: pick(r, OPERATING_SYSTEMS) }),
  forms: [
    (c) => `${c.entity} runs ${c.value}.`,
    (c) => `The OS on ${c.entity} is ${c.value}.`,
    (c) => `${c.entity} was installed with ${c.value}.`,
    (c) => [`What's on the new box?`, `${c.entity} has ${c.value} on it.`],
    (c) => `As for ${c.entity}, it's on ${c.value} for now.`,
    (c) => `We keep ${c.entity} on ${c.value} to keep things simple.`,
    (c) => `My home server, ${c.entity}, runs ${c.value}.`,
    (c) => `${c.value} is what's installed on ${c.entity}.`,
    (c) => `Note: ${c.entity} is ${an(c.value)} machine, so use its package manager.`,
  ],
  questions: [
    (c) => `What OS does ${c.entity} run?`,
    (c) => `Which operating system is on ${c.entity}?`,
    (c) => `What is ${c.entity} running?`,
    (c) => `What operating system does ${c.entity} have?`,
  ],
  next: (c, r) => other(r, OPERATING_SYSTEMS, c.value),
  updates: [
    (c, v) => `${c.entity} was upgraded to ${v}.`,
    (c, v) => `We reimaged ${c.entity} with ${v}.`,
    (c, v) => `${c.entity} now runs ${v}.`,
    (c, v) => `${c.entity} has been switched to ${v}.`,
    (c, v) => `${c.entity} runs ${v}.`,
    (c, v) => `${c.entity} is on ${v} after last night's rebuild.`,
  ],
});

export const enHostOs = defineFamily(
  {
    id: "en-host-os",
    language: "en",
    split: "held-out",
    description: "Which operating system a server or machine runs; reinstalls update it.",
  },
  [host],
);
