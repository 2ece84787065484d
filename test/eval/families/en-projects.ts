/**
 * English project families: which database or cloud a project runs on (dev), and who its tech lead
 * is and when it is due (held-out). Projects are invented code names, ids and "word + number" names.
 */

import { defineFamily, variant } from "./kit.js";
import {
  CODE_NAME,
  cap,
  chance,
  EN_CLOUDS,
  EN_DATABASES,
  EN_FULL_NAME,
  enDate,
  type NameBook,
  other,
  PROJECT_ID,
  pick,
  type Rand,
  VERSION_NAME,
} from "./names.js";

export interface EnProject {
  entity: string;
  /** How this statement refers to it: "Project Orivan", "the Orivan project", "Orivan", "project P1992". */
  ref: string;
}

export function enProject(r: Rand, book: NameBook): EnProject {
  const x = r();
  const kind = x < 0.55 ? CODE_NAME : x < 0.8 ? VERSION_NAME : PROJECT_ID;
  const entity = book.entity(kind);
  if (kind === PROJECT_ID) return { entity, ref: chance(r, 0.5) ? `project ${entity}` : entity };
  if (kind === VERSION_NAME) return { entity, ref: entity };
  return { entity, ref: pick(r, [`Project ${entity}`, `the ${entity} project`, entity, entity]) };
}

const NICKNAMES = [
  "the billing rewrite",
  "the new mobile app",
  "our data platform thing",
  "the warehouse scanner app",
  "the internal search tool",
  "the loyalty programme",
  "the booking system",
  "the analytics revamp",
  "the partner API",
  "the kiosk software",
];

type Db = EnProject & { value: string };

const database = variant<Db>({
  attribute: "database",
  weight: 3,
  draw: (r, book) => ({ ...enProject(r, book), value: pick(r, EN_DATABASES) }),
  forms: [
    (c) => `${cap(c.ref)} runs on ${c.value}.`,
    (c) => `The data for ${c.ref} is stored in ${c.value}.`,
    (c) => `As for ${c.ref}, we're using ${c.value} as the main database.`,
    (c) => `${c.value} is the database we picked for ${c.ref}.`,
    (c, r) => `${cap(c.ref)} (${pick(r, NICKNAMES)}) sits on ${c.value}.`,
    (c) => [`Which database did you settle on for the new project?`, `For ${c.ref} we went with ${c.value}.`],
    (c) => `We decided to build ${c.ref} on ${c.value} after a lot of back and forth.`,
    (c) => `My team's project, ${c.entity}, keeps everything in ${c.value}.`,
    (c) => `Note for later: ${c.entity} uses ${c.value} as its primary store.`,
    (c) => [`Anything I should know before I look at ${c.entity}?`, `Just that ${c.entity} is backed by ${c.value}.`],
  ],
  questions: [
    (c) => `Which database does ${c.entity} use?`,
    (c) => `What database is ${c.entity} built on?`,
    (c) => `What does ${c.entity} use for storage?`,
    (c) => `Remind me, what's the database behind ${c.entity}?`,
  ],
  next: (c, r) => other(r, EN_DATABASES, c.value),
  updates: [
    (c, v) => `${c.entity} has moved to ${v}.`,
    (c, v) => `We switched ${c.entity} over to ${v} last week.`,
    (c, v) => `${c.entity}'s database was changed to ${v}.`,
    (c, v) => `${c.entity} now runs on ${v}.`,
    (c, v) => `${c.entity} runs on ${v}.`,
    (c, v) => `Heads up: ${c.entity} is on ${v} now, not ${c.value}.`,
    (c, v) => `After the migration, ${c.entity} is using ${v}.`,
  ],
});

const cloud = variant<Db>({
  attribute: "cloud",
  draw: (r, book) => ({ ...enProject(r, book), value: pick(r, EN_CLOUDS) }),
  forms: [
    (c) => `${cap(c.ref)} is hosted on ${c.value}.`,
    (c) => `We deploy ${c.ref} to ${c.value}.`,
    (c) => `As for ${c.ref}, it lives on ${c.value}.`,
    (c) => `${c.value} is where ${c.ref} runs in production.`,
    (c) => [`Where is ${c.entity} deployed?`, `${c.entity} is on ${c.value}, all of it.`],
    (c, r) => `${cap(c.ref)} — ${pick(r, NICKNAMES)} — is deployed on ${c.value}.`,
  ],
  questions: [
    (c) => `Which cloud is ${c.entity} hosted on?`,
    (c) => `Where does ${c.entity} run in production?`,
    (c) => `What cloud provider does ${c.entity} use?`,
  ],
  next: (c, r) => other(r, EN_CLOUDS, c.value),
  updates: [
    (c, v) => `${c.entity} has been migrated to ${v}.`,
    (c, v) => `${c.entity} is on ${v} now.`,
    (c, v) => `We moved ${c.entity} off ${c.value} and onto ${v}.`,
    (c, v) => `${c.entity} is hosted on ${v}.`,
    (c, v) => `The hosting for ${c.entity} was switched to ${v}.`,
  ],
});

export const enProjectDatabase = defineFamily(
  {
    id: "en-project-database",
    language: "en",
    split: "dev",
    description: "Which database (or cloud) a work project runs on; migrations update it.",
  },
  [database, cloud],
);

type Lead = EnProject & { value: string };

const lead = variant<Lead>({
  attribute: "tech lead",
  draw: (r, book) => ({ ...enProject(r, book), value: book.fresh(EN_FULL_NAME) }),
  forms: [
    (c) => `The tech lead on ${c.ref} is ${c.value}.`,
    (c) => `${c.value} leads ${c.ref}.`,
    (c) => `${cap(c.ref)} is led by ${c.value}.`,
    (c) => [
      `Who should I talk to about the architecture of ${c.entity}?`,
      `${c.value} — they're the tech lead on ${c.entity}.`,
    ],
    (c) => `As for ${c.ref}, ${c.value} is running the technical side.`,
    (c) => `My teammate ${c.value} is the tech lead for ${c.ref}.`,
    (c) => `The person who makes the technical calls on ${c.ref} is ${c.value}.`,
    (c) => `${c.value} (who joined from the platform team) took over as tech lead of ${c.ref} in January.`,
    (c) => `Technical questions about ${c.entity} go to ${c.value}, the tech lead.`,
  ],
  questions: [
    (c) => `Who is the tech lead on ${c.entity}?`,
    (c) => `Who leads ${c.entity} technically?`,
    (c) => `Who runs the technical side of ${c.entity}?`,
    (c) => `Who's in charge of engineering on ${c.entity}?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_FULL_NAME),
  updates: [
    (c, v) => `${v} has taken over as tech lead of ${c.entity}.`,
    (c, v) => `${c.entity}'s tech lead is now ${v}.`,
    (c, v) => `${c.value.split(" ")[0]} moved teams, so ${v} leads ${c.entity} now.`,
    (c, v) => `The tech lead for ${c.entity} was changed to ${v}.`,
    (c, v) => `The tech lead for ${c.entity} is ${v}.`,
    (c, v) => `Reorg news: ${c.entity} is led by ${v} from Monday.`,
  ],
});

const deadline = variant<Lead>({
  attribute: "deadline",
  draw: (r, book) => ({ ...enProject(r, book), value: enDate(r) }),
  forms: [
    (c) => `${cap(c.ref)} is due on ${c.value}.`,
    (c) => `The deadline for ${c.ref} is ${c.value}.`,
    (c) => `We have to ship ${c.ref} by ${c.value}.`,
    (c) => `As for ${c.ref}, the launch date is ${c.value}.`,
    (c) => [`When does ${c.entity} need to be done?`, `${c.entity} has to be wrapped up by ${c.value}.`],
    (c) => `${c.value} is the hard deadline for ${c.ref}.`,
    (c) => `${cap(c.ref)}'s public release is set for ${c.value}.`,
    (c) => `My manager wants ${c.ref} finished by ${c.value}, no slipping.`,
  ],
  questions: [
    (c) => `When is ${c.entity} due?`,
    (c) => `What's the deadline for ${c.entity}?`,
    (c) => `By when does ${c.entity} have to ship?`,
    (c) => `When does ${c.entity} launch?`,
  ],
  next: (c, r) => {
    for (;;) {
      const d = enDate(r, c.value);
      if (d !== c.value && !d.includes(c.value) && !c.value.includes(d)) return d;
    }
  },
  updates: [
    (c, v) => `${c.entity}'s deadline got pushed to ${v}.`,
    (c, v) => `${c.entity} is now due ${v}.`,
    (c, v) => `They moved the ${c.entity} deadline to ${v}.`,
    (c, v) => `We've been given until ${v} for ${c.entity}.`,
    (c, v) => `${c.entity} is due on ${v}.`,
    (c, v) => `Good news, ${c.entity} slipped to ${v}, so we have some breathing room.`,
  ],
});

export const enProjectLead = defineFamily(
  {
    id: "en-project-lead",
    language: "en",
    split: "held-out",
    description: "Who a work project's tech lead is and when it is due; handovers and slips update it.",
  },
  [lead, deadline],
);
