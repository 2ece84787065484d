/**
 * English people families: the city a colleague, friend or relative lives in (dev), what they do for
 * fun (dev, not single-valued), and where they work and as what (held-out).
 */

import { defineFamily, variant } from "./kit.js";
import { an, cap, EN_CITIES, EN_COMPANY, type EnPerson, enPerson, other, pick } from "./names.js";

type City = EnPerson & { entity: string; value: string };

const city = variant<City>({
  attribute: "city",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, EN_CITIES) };
  },
  forms: [
    (c) => `${cap(c.ref)} lives in ${c.value}.`,
    (c) => `${c.name} — my ${c.rel} — lives in ${c.value} these days.`,
    (c) => `${cap(c.ref)} moved to ${c.value} a couple of years ago and loves it.`,
    (c) => `As for my ${c.rel} ${c.name}, ${c.he}'s based in ${c.value}.`,
    (c) => [`Where does your ${c.rel} live these days?`, `${c.name}'s in ${c.value}.`],
    (c) => `${c.value} is where my ${c.rel} ${c.name} ended up after university.`,
    (c) => `${c.name}, who I used to share a flat with, is living in ${c.value}.`,
    (c) => `My ${c.rel} ${c.name}, who I'm visiting next month, lives in ${c.value}.`,
    (c) => `${cap(c.ref)} has been in ${c.value} since the pandemic; ${c.he} works remotely from there.`,
    (c) => [`Is ${c.name} still around here?`, `No, ${c.name} lives in ${c.value} now.`],
  ],
  questions: [
    (c) => `Where does ${c.name} live?`,
    (c) => `Which city is ${c.name} in?`,
    (c) => `What city does ${c.name} live in now?`,
    (c) => `Where is ${c.name} based?`,
  ],
  next: (c, r) => other(r, EN_CITIES, c.value),
  updates: [
    (c, v) => `${c.name} has moved to ${v}.`,
    (c, v) => `${c.name} just relocated to ${v} for work.`,
    (c, v) => `${c.name} lives in ${v} now.`,
    (c, v) => `${c.name} lives in ${v}.`,
    (c, v) => `Update on ${c.name}: ${c.he} left ${c.value} and settled in ${v}.`,
    (c, v) => `${c.name} got a job offer and moved to ${v} last month.`,
    (c, v) => `${c.name} is in ${v} these days.`,
  ],
});

export const enPeopleCity = defineFamily(
  {
    id: "en-people-city",
    language: "en",
    split: "dev",
    description: "Which city a colleague, friend or relative lives in; moves update it.",
  },
  [city],
);

const HOBBIES = [
  "rock climbing",
  "bouldering",
  "birdwatching",
  "pottery",
  "sourdough baking",
  "trail running",
  "chess",
  "woodworking",
  "salsa dancing",
  "kayaking",
  "knitting",
  "film photography",
  "beekeeping",
  "archery",
  "calligraphy",
  "bonsai",
  "fencing",
  "origami",
  "board games",
  "open-water swimming",
  "the cello",
  "restoring old motorbikes",
  "mushroom foraging",
  "paddleboarding",
  "amateur astronomy",
  "scuba diving",
  "jigsaw puzzles",
  "fly fishing",
  "speedcubing",
  "roller derby",
  "embroidery",
  "geocaching",
];

type Hobby = EnPerson & { entity: string; value: string };

const hobby = variant<Hobby>({
  attribute: "hobby",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, HOBBIES) };
  },
  forms: [
    (c) => `${cap(c.ref)} is really into ${c.value}.`,
    (c) => `${cap(c.ref)} took up ${c.value} last year and hasn't stopped talking about it.`,
    (c) => [`What does your ${c.rel} do for fun?`, `${c.name}? Mostly ${c.value}.`],
    (c) => `${c.name} (my ${c.rel}) has gotten seriously into ${c.value}.`,
    (c) => `${cap(c.value)} is the one thing my ${c.rel} ${c.name} never skips, even when work gets busy.`,
    (c) => `Fun fact about my ${c.rel} ${c.name}: ${c.he}'s obsessed with ${c.value}.`,
    (c) => `If you ever need a gift idea for ${c.name}, ${c.he} loves ${c.value}.`,
    (c) => `${c.name} spends most of ${c.his} weekends on ${c.value}.`,
    (c) => `My ${c.rel} ${c.name} picked up ${c.value} during lockdown.`,
  ],
  questions: [
    (c) => `What is ${c.name}'s hobby?`,
    (c) => `What does ${c.name} do for fun?`,
    (c) => `What is ${c.name} into?`,
    (c) => `What hobby did ${c.name} pick up?`,
  ],
});

export const enHobbies = defineFamily(
  {
    id: "en-hobbies",
    language: "en",
    split: "dev",
    description: "A friend's, colleague's or relative's hobby (not single-valued, no updates).",
  },
  [hobby],
);

const JOBS = [
  "nurse",
  "data engineer",
  "paramedic",
  "architect",
  "high school teacher",
  "pastry chef",
  "product manager",
  "airline pilot",
  "physiotherapist",
  "lawyer",
  "UX designer",
  "electrician",
  "vet",
  "accountant",
  "journalist",
  "translator",
  "pharmacist",
  "firefighter",
  "sound engineer",
  "midwife",
  "civil engineer",
  "tattoo artist",
  "social worker",
  "carpenter",
];

type Work = EnPerson & { entity: string; value: string };

const employer = variant<Work>({
  attribute: "employer",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(EN_COMPANY) };
  },
  forms: [
    (c) => `${cap(c.ref)} works at ${c.value}.`,
    (c) => `${c.name} is at ${c.value} these days.`,
    (c) => `${c.name} (my ${c.rel}) got a job at ${c.value}.`,
    (c) => [`Where is your ${c.rel} working now?`, `${c.name} is at ${c.value}.`],
    (c) => `${c.value} is where my ${c.rel} ${c.name} works.`,
    (c) => `As for ${c.name}, ${c.he}'s been with ${c.value} for three years.`,
    (c) => `My ${c.rel} ${c.name} is employed by ${c.value}.`,
    (c) => `${cap(c.ref)} just started at ${c.value}, so ${c.he}'s busy with onboarding.`,
  ],
  questions: [
    (c) => `Where does ${c.name} work?`,
    (c) => `Which company does ${c.name} work for?`,
    (c) => `Who is ${c.name}'s employer?`,
    (c) => `What company is ${c.name} at?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_COMPANY),
  updates: [
    (c, v) => `${c.name} left for ${v}.`,
    (c, v) => `${c.name} has moved to ${v}.`,
    (c, v) => `${c.name} now works at ${v}.`,
    (c, v) => `${c.name} switched jobs — ${c.he}'s at ${v} now.`,
    (c, v) => `${c.name} works at ${v}.`,
    (c, v) => `${c.name} quit ${c.value} and joined ${v}.`,
  ],
});

const job = variant<Work>({
  attribute: "job",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, JOBS) };
  },
  forms: [
    (c) => `${cap(c.ref)} is ${an(c.value)}.`,
    (c) => `${c.name} works as ${an(c.value)}.`,
    (c) => `${c.name}, an old classmate of mine, is ${an(c.value)} now.`,
    (c) => [`What does your ${c.rel} do?`, `${c.name} is ${an(c.value)}.`],
    (c) => `As for ${c.name}, ${c.he} trained as ${an(c.value)} and still works as one.`,
    (c) => `My ${c.rel} ${c.name} has been ${an(c.value)} for ten years.`,
    (c) => `${c.name} — ${c.value} by day, DJ by night — is my ${c.rel}.`,
    (c) => `${cap(c.ref)} got ${c.his} first job as ${an(c.value)} this spring.`,
  ],
  questions: [
    (c) => `What does ${c.name} do for a living?`,
    (c) => `What is ${c.name}'s job?`,
    (c) => `What does ${c.name} work as?`,
    (c) => `What is ${c.name}'s profession?`,
  ],
  next: (c, r) => other(r, JOBS, c.value),
  updates: [
    (c, v) => `${c.name} is ${an(v)} now.`,
    (c, v) => `${c.name} retrained and now works as ${an(v)}.`,
    (c, v) => `${c.name} switched careers — ${c.he}'s ${an(v)} now.`,
    (c, v) => `${c.name} became ${an(v)}.`,
    (c, v) => `${c.name} works as ${an(v)}.`,
  ],
});

export const enPeopleWork = defineFamily(
  {
    id: "en-people-work",
    language: "en",
    split: "held-out",
    description: "Where someone the user knows works, and as what; job changes update it.",
  },
  [employer, job],
);
