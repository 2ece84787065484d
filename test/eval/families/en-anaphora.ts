/**
 * English two-clause family: the first clause names the entity, the second gives the fact through a
 * pronoun pointing back ("its", "their", "his", "her", "it"). Projects, people, clubs, hosts, pets.
 */

import { type EnProject, enProject } from "./en-projects.js";
import { defineFamily, variant } from "./kit.js";
import {
  cap,
  chance,
  EN_CITIES,
  EN_CLUB,
  EN_FULL_NAME,
  EN_PET,
  type EnPerson,
  enPerson,
  HOST_NAME,
  OPERATING_SYSTEMS,
  other,
  pick,
  WEEKDAYS,
} from "./names.js";

type Proj = EnProject & { value: string };

const lead = variant<Proj>({
  attribute: "tech lead",
  draw: (r, book) => ({ ...enProject(r, book), value: book.fresh(EN_FULL_NAME) }),
  forms: [
    (c) => `${cap(c.ref)} started last spring; its tech lead is ${c.value}.`,
    (c) => `We kicked off ${c.ref} in March, and its tech lead is ${c.value}.`,
    (c, r) =>
      `${cap(c.ref)} is ${pick(r, ["the payments rewrite", "our new onboarding flow", "the reporting overhaul"])}. Its lead developer is ${c.value}.`,
    (c) => `I've been asked to help out on ${c.ref}; their tech lead is ${c.value}, apparently.`,
    (c) => `${cap(c.ref)} finally got funding, and ${c.value} will be its tech lead.`,
    (c) => `Remember ${c.entity}, the project I mentioned? Its tech lead turned out to be ${c.value}.`,
    (c) => [`How's the new project going?`, `${cap(c.ref)} is moving fast. Its tech lead, ${c.value}, is great.`],
  ],
  questions: [
    (c) => `Who is the tech lead on ${c.entity}?`,
    (c) => `Who leads ${c.entity} on the technical side?`,
    (c) => `Who's ${c.entity}'s tech lead?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}'s tech lead is now ${v}.`,
    (c, v) => `${c.entity} had a reorg — its tech lead is ${v} now.`,
    (c, v) => `${v} took over ${c.entity} as tech lead.`,
    (c, v) => `The tech lead on ${c.entity} is ${v}.`,
  ],
});

type Person = EnPerson & { entity: string; value: string };

const EVENTS = [
  "got married last year",
  "finished a PhD in the spring",
  "had a baby in May",
  "retired in the autumn",
  "changed careers recently",
  "sold the family business",
];

const city = variant<Person>({
  attribute: "city",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, EN_CITIES) };
  },
  forms: [
    (c, r) => `${cap(c.ref)} ${pick(r, EVENTS)}; ${c.he} lives in ${c.value} now.`,
    (c) => `I met ${c.name} at university. These days ${c.his} home is in ${c.value}.`,
    (c) => `${c.name} is my ${c.rel}, and ${c.he}'s living in ${c.value}.`,
    (c) => `${cap(c.ref)} sold ${c.his} flat last year; ${c.his} new place is in ${c.value}.`,
    (c) => `${c.name} called yesterday. ${cap(c.he)} is settled in ${c.value} and loves it.`,
    (c) => [`How's your ${c.rel} doing?`, `${c.name} is well — ${c.he} moved to ${c.value} and never looked back.`],
  ],
  questions: [
    (c) => `Where does ${c.name} live?`,
    (c) => `Which city is ${c.name} in?`,
    (c) => `What city does ${c.name} live in?`,
  ],
  next: (c, r) => other(r, EN_CITIES, c.value),
  updates: [
    (c, v) => `${c.name} has moved again; ${c.he}'s in ${v} now.`,
    (c, v) => `${c.name} lives in ${v} now.`,
    (c, v) => `${c.name} relocated to ${v}.`,
    (c, v) => `${c.name} lives in ${v}.`,
  ],
});

type Thing = { entity: string; value: string };

const club = variant<Thing>({
  attribute: "meeting day",
  draw: (r, book) => ({ entity: book.entity(EN_CLUB), value: pick(r, WEEKDAYS) }),
  forms: [
    (c) => `${c.entity} started up last autumn, and its meetings are on ${c.value}s.`,
    (c) => `My mum joined ${c.entity}; they meet every ${c.value}.`,
    (c) => `${c.entity} is small but friendly. Its weekly session is on ${c.value}.`,
    (c) => `I've been going to ${c.entity} for a year — their meetup is ${c.value} evenings.`,
    (c) => `${c.entity} lost its old venue, but it still meets on ${c.value}s.`,
  ],
  questions: [
    (c) => `What day does ${c.entity} meet?`,
    (c) => `When does ${c.entity} get together?`,
    (c) => `Which day is ${c.entity} on?`,
  ],
  next: (c, r) => other(r, WEEKDAYS, c.value),
  updates: [
    (c, v) => `${c.entity} meets on ${v}s now.`,
    (c, v) => `${c.entity} moved its meetings to ${v}.`,
    (c, v) => `${c.entity} is on ${v}s.`,
    (c, v) => `${c.entity} changed its day to ${v}.`,
  ],
});

const host = variant<Thing>({
  attribute: "operating system",
  draw: (r, book) => ({ entity: book.entity(HOST_NAME), value: pick(r, OPERATING_SYSTEMS) }),
  forms: [
    (c) => `We racked ${c.entity} last week; its OS is ${c.value}.`,
    (c) => `${c.entity} is the new build server, and it runs ${c.value}.`,
    (c) => `I inherited ${c.entity} from the old team. Its operating system is ${c.value}.`,
    (c) => `${c.entity} keeps falling over; it's on ${c.value}, if that helps.`,
  ],
  questions: [(c) => `What OS does ${c.entity} run?`, (c) => `Which operating system is ${c.entity} on?`],
  next: (c, r) => other(r, OPERATING_SYSTEMS, c.value),
  updates: [
    (c, v) => `${c.entity} got reinstalled; it runs ${v} now.`,
    (c, v) => `${c.entity} is on ${v}.`,
    (c, v) => `We moved ${c.entity} to ${v}.`,
  ],
});

type PetOwner = Thing & { his: string; kind: string };

const petOwner = variant<PetOwner>({
  attribute: "owner",
  draw: (r, book) => ({
    entity: book.entity(EN_PET),
    value: book.fresh(EN_FULL_NAME),
    his: chance(r, 0.5) ? "her" : "his",
    kind: pick(r, ["dog", "cat", "terrier", "tabby"]),
  }),
  forms: [
    (c) => `${c.entity} showed up at our door in the rain; ${c.his} owner turned out to be ${c.value}.`,
    (c) => `We're pet-sitting ${c.entity} this weekend. ${cap(c.his)} owner is ${c.value}, from two doors down.`,
    (c) => `${c.entity} is a sweet old ${c.kind}, and ${c.his} owner is ${c.value}.`,
    (c) =>
      `My kids adore ${c.entity}, though ${c.his} owner, ${c.value}, spoils ${c.his === "her" ? "her" : "him"} far more.`,
  ],
  questions: [(c) => `Who owns ${c.entity}?`, (c) => `Who is ${c.entity}'s owner?`],
  next: (_c, _r, book) => book.fresh(EN_FULL_NAME),
  updates: [
    (c, v) => `${c.entity} has a new home; ${c.his} owner is ${v} now.`,
    (c, v) => `${c.entity} belongs to ${v} now.`,
    (c, v) => `${v} adopted ${c.entity}.`,
  ],
});

export const enAnaphora = defineFamily(
  {
    id: "en-anaphora",
    language: "en",
    split: "held-out",
    description: "Two clauses: the entity is named first and the fact follows through a pronoun pointing back.",
  },
  [lead, city, club, host, petOwner],
);
