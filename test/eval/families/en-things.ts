/**
 * English families about things people own or read: pets (breed, age, owner; dev), vehicles (colour,
 * model, whose plate; dev), and books and courses (author, teacher, a reading group's current book;
 * held-out).
 */

import { defineFamily, variant } from "./kit.js";
import {
  an,
  CODE_NAME,
  cap,
  chance,
  EN_BOOK,
  EN_CAR_MODELS,
  EN_COLOURS,
  EN_COURSE,
  EN_FULL_NAME,
  EN_PET,
  EN_PLATE,
  type EnPerson,
  enPerson,
  int,
  type NameBook,
  type NameKind,
  other,
  pick,
  type Rand,
} from "./names.js";

const BREEDS: Record<string, readonly string[]> = {
  dog: [
    "golden retriever",
    "border collie",
    "corgi",
    "dachshund",
    "beagle",
    "shiba inu",
    "French bulldog",
    "greyhound",
    "whippet",
    "cocker spaniel",
    "Labrador",
    "poodle",
    "Bernese mountain dog",
    "Jack Russell",
  ],
  cat: ["Maine Coon", "ragdoll", "Siamese", "British Shorthair", "Bengal", "Sphynx", "Russian Blue", "Persian"],
  rabbit: ["Holland Lop", "Netherland Dwarf", "Lionhead", "Rex"],
};
const OWNERS = ["neighbour", "sister", "landlord", "best friend", "grandma", "coworker", "cousin"];

type Pet = { entity: string; value: string; kind: string; he: string; him: string; his: string };

function pet(r: Rand, book: NameBook): Omit<Pet, "value"> {
  const f = chance(r, 0.5);
  return {
    entity: book.entity(EN_PET),
    kind: pick(r, ["dog", "dog", "cat", "cat", "rabbit"]),
    he: f ? "she" : "he",
    him: f ? "her" : "him",
    his: f ? "her" : "his",
  };
}

const breed = variant<Pet>({
  attribute: "breed",
  draw: (r, book) => {
    const p = pet(r, book);
    return { ...p, value: pick(r, BREEDS[p.kind]!) };
  },
  forms: [
    (c) => `Our ${c.kind} ${c.entity} is ${an(c.value)}.`,
    (c, r) => `My ${pick(r, OWNERS)}'s ${c.kind}, ${c.entity}, is ${an(c.value)}.`,
    (c) => [`What kind of ${c.kind} is ${c.entity}?`, `${c.entity}'s ${an(c.value)}.`],
    (c) => `${c.entity} — the one who keeps stealing socks — is ${an(c.value)}.`,
    (c) => `We adopted ${c.entity} last spring; ${c.he}'s ${an(c.value)} mix.`,
    (c) => `As for ${c.entity}, ${c.he}'s a purebred ${c.value}.`,
    (c, r) => `${c.entity} is my ${pick(r, OWNERS)}'s ${c.value}.`,
    (c) => `${cap(an(c.value))} named ${c.entity} just joined our family.`,
  ],
  questions: [
    (c) => `What breed is ${c.entity}?`,
    (c) => `What kind of ${c.kind} is ${c.entity}?`,
    (c) => `Which breed is ${c.entity}?`,
  ],
});

const age = (n: number) =>
  n < 12 ? `${n} month${n === 1 ? "" : "s"} old` : `${Math.floor(n / 12)} year${n < 24 ? "" : "s"} old`;

type Aged = Pet & { months: number };

const petAge = variant<Aged>({
  attribute: "age",
  draw: (r, book) => {
    const months = chance(r, 0.2) ? int(r, 2, 11) : int(r, 1, 15) * 12;
    return { ...pet(r, book), months, value: age(months) };
  },
  forms: [
    (c) => `${c.entity} is ${c.value}.`,
    (c) => `My parents' ${c.kind} ${c.entity} is ${c.value} already.`,
    (c) => `${c.entity} (our ${c.kind}) is about ${c.value}.`,
    (c) => [`How old is your ${c.kind}?`, `${c.entity} is ${c.value}, believe it or not.`],
    (c) => `As of this month, ${c.entity} is ${c.value}.`,
    (c) => `Our ${c.kind}, ${c.entity}, turned ${c.value} last week.`,
    (c) => `The vet says ${c.entity} is roughly ${c.value}.`,
  ],
  questions: [
    (c) => `How old is ${c.entity}?`,
    (c) => `What age is ${c.entity}?`,
    (c) => `How old is ${c.entity} these days?`,
  ],
  next: (c) => age(c.months < 12 ? c.months + 1 : c.months + 12),
  updates: [
    (c, v) => `${c.entity} is ${v} now.`,
    (c, v) => `It was ${c.entity}'s birthday yesterday, so ${c.he}'s ${v} now.`,
    (c, v) => `${c.entity} just turned ${v}.`,
    (c, v) => `${c.entity} is ${v}.`,
    (c, v) => `${c.entity} had a birthday and is officially ${v}.`,
  ],
});

type Owned = Pet & { rel: string };

const owner = variant<Owned>({
  attribute: "owner",
  draw: (r, book) => ({ ...pet(r, book), value: book.fresh(EN_FULL_NAME), rel: pick(r, OWNERS) }),
  forms: [
    (c) => `${c.entity} belongs to my ${c.rel} ${c.value}.`,
    (c) => `${c.entity} is ${c.value}'s ${c.kind}.`,
    (c) => `The owner of ${c.entity} is ${c.value}.`,
    (c) => [`Whose ${c.kind} is ${c.entity}?`, `${c.entity} is ${c.value}'s.`],
    (c) => `${c.value} adopted ${c.entity} from the shelter two years ago.`,
    (c) => `As for ${c.entity}, that's ${c.value}'s ${c.kind}; I just feed ${c.him} when they're away.`,
    (c) => `${c.entity}, the ${c.kind} I'm pet-sitting this week, belongs to ${c.value}.`,
  ],
  questions: [
    (c) => `Who owns ${c.entity}?`,
    (c) => `Whose ${c.kind} is ${c.entity}?`,
    (c) => `Who is ${c.entity}'s owner?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_FULL_NAME),
  updates: [
    (c, v) => `${c.entity} lives with ${v} now.`,
    (c, v) => `${v} has adopted ${c.entity}.`,
    (c, v) => `${c.entity} was rehomed with ${v}.`,
    (c, v) => `${c.entity} belongs to ${v}.`,
    (c, v) => `${c.value.split(" ")[0]} moved abroad, so ${c.entity} is ${v}'s ${c.kind} now.`,
  ],
});

export const enPets = defineFamily(
  {
    id: "en-pets",
    language: "en",
    split: "dev",
    description: "A pet's breed, age and owner; birthdays and rehoming update age and owner.",
  },
  [breed, petAge, owner],
);

type Car = { entity: string; value: string; model: string };

const colour = variant<Car>({
  attribute: "colour",
  weight: 2,
  draw: (r, book) => ({ entity: book.entity(EN_PLATE), value: pick(r, EN_COLOURS), model: pick(r, EN_CAR_MODELS) }),
  forms: [
    (c) => `Our ${c.model}, ${c.entity}, is ${c.value}.`,
    (c) => `The car with plate ${c.entity} is ${c.value}.`,
    (c) => `${c.entity}, the company pool car, is ${c.value}.`,
    (c) => [`What does the car look like, so I can spot it?`, `It's ${c.value} — plate ${c.entity}.`],
    (c) => `As for ${c.entity}, it's the ${c.value} one in bay 4.`,
    (c) => `Look for ${an(c.value)} ${c.model}, plate ${c.entity}.`,
    (c) => `My wife's car is ${c.entity} — it's ${c.value}.`,
  ],
  questions: [
    (c) => `What colour is ${c.entity}?`,
    (c) => `What colour is the car with plate ${c.entity}?`,
    (c) => `${c.entity} — what colour is it?`,
  ],
  next: (c, r) => other(r, EN_COLOURS, c.value),
  updates: [
    (c, v) => `${c.entity} has been resprayed ${v}.`,
    (c, v) => `${c.entity} is ${v} now after the wrap.`,
    (c, v) => `We had ${c.entity} wrapped in ${v}.`,
    (c, v) => `${c.entity} is ${v}.`,
    (c, v) => `The colour of ${c.entity} was changed to ${v}.`,
  ],
});

const model = variant<Car>({
  attribute: "model",
  draw: (r, book) => ({ entity: book.entity(EN_PLATE), value: pick(r, EN_CAR_MODELS), model: "" }),
  forms: [
    (c) => `${c.entity} is ${an(c.value)}.`,
    (c) => `The car with plate ${c.entity} is ${an(c.value)}.`,
    (c) => `My dad drives ${an(c.value)}, plate ${c.entity}.`,
    (c) => [`Which car are we taking?`, `The ${c.value}, plate ${c.entity}.`],
    (c) => `Plate ${c.entity} belongs to our ${c.value}.`,
    (c) => `As for ${c.entity}, that's the ${c.value} we lease for deliveries.`,
  ],
  questions: [
    (c) => `What model is ${c.entity}?`,
    (c) => `What car has the plate ${c.entity}?`,
    (c) => `Which make and model is ${c.entity}?`,
  ],
});

type Driver = EnPerson & { entity: string; value: string };

const plate = variant<Driver>({
  attribute: "licence plate",
  draw: (r, book) => {
    const p = enPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(EN_PLATE) };
  },
  forms: [
    (c) => `${cap(c.ref)}'s number plate is ${c.value}.`,
    (c, r) => `${c.name} drives the ${pick(r, EN_COLOURS)} ${pick(r, EN_CAR_MODELS)} with plate ${c.value}.`,
    (c) => [`What's your ${c.rel}'s plate, for the parking permit?`, `${c.name}'s plate is ${c.value}.`],
    (c) => `The plate on ${c.name}'s car is ${c.value}.`,
    (c) => `As for ${c.name}, ${c.his} car is ${c.value}.`,
    (c) => `${c.value} — that's ${c.name}'s car, if you see it in the driveway.`,
  ],
  questions: [
    (c) => `What's ${c.name}'s licence plate?`,
    (c) => `What plate is on ${c.name}'s car?`,
    (c) => `What's the registration of ${c.name}'s car?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_PLATE),
  updates: [
    (c, v) => `${c.name} got a new car; the plate is ${v}.`,
    (c, v) => `${c.name}'s plate is now ${v}.`,
    (c, v) => `${c.name} changed cars — new plate ${v}.`,
    (c, v) => `${c.name}'s number plate is ${v}.`,
    (c, v) => `${c.name} re-registered the car, so it's ${v} now.`,
  ],
});

export const enVehicles = defineFamily(
  {
    id: "en-vehicles",
    language: "en",
    split: "dev",
    description:
      "A vehicle's colour and model by plate, and which plate someone's car has; resprays and new cars update.",
  },
  [colour, model, plate],
);

type Book = { entity: string; value: string };

const author = variant<Book>({
  attribute: "author",
  draw: (_r, book) => ({ entity: book.entity(EN_BOOK), value: book.fresh(EN_FULL_NAME) }),
  forms: [
    (c) => `I'm reading ${c.entity} by ${c.value}.`,
    (c) => `${c.entity} was written by ${c.value}.`,
    (c) => `${c.value} wrote ${c.entity}.`,
    (c) => [`What's the book your reading group picked?`, `${c.entity} — it's by ${c.value}.`],
    (c) => `As for ${c.entity}, the author is ${c.value}, a first-time novelist.`,
    (c) => `My book club is doing ${c.entity} (${c.value}) this month.`,
    (c) => `${c.entity}, ${c.value}'s second novel, is next on my list.`,
    (c) => `My sister lent me ${c.value}'s ${c.entity} and I can't put it down.`,
  ],
  questions: [
    (c) => `Who wrote ${c.entity}?`,
    (c) => `Who is the author of ${c.entity}?`,
    (c) => `Who's ${c.entity} by?`,
  ],
});

const teacher = variant<Book>({
  attribute: "teacher",
  draw: (_r, book) => ({ entity: book.entity(EN_COURSE), value: book.fresh(EN_FULL_NAME) }),
  forms: [
    (c) => `${c.entity} is taught by ${c.value}.`,
    (c) => `My teacher for ${c.entity} is ${c.value}.`,
    (c) => `${c.value} teaches ${c.entity}.`,
    (c) => [`Who's teaching your evening course?`, `${c.value} takes ${c.entity}.`],
    (c) => `As for ${c.entity}, the instructor is ${c.value}.`,
    (c) => `I signed up for ${c.entity} with ${c.value}.`,
    (c) => `${c.entity} (Tuesday nights) is run by ${c.value}, who is brilliant.`,
  ],
  questions: [
    (c) => `Who teaches ${c.entity}?`,
    (c) => `Who is the teacher for ${c.entity}?`,
    (c) => `Who's the instructor of ${c.entity}?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_FULL_NAME),
  updates: [
    (c, v) => `${c.entity} has a new teacher, ${v}.`,
    (c, v) => `${v} is teaching ${c.entity} now.`,
    (c, v) => `${c.entity} was handed over to ${v}.`,
    (c, v) => `The instructor for ${c.entity} changed to ${v}.`,
    (c, v) => `${c.entity} is taught by ${v}.`,
  ],
});

const READING_GROUP: NameKind = {
  make: (r) =>
    `${chance(r, 0.5) ? CODE_NAME.make(r) : `${CODE_NAME.make(r)} Street`} ${pick(r, ["Reading Group", "Book Club", "Readers"])}`,
  near: (r, name) => CODE_NAME.near!(r, name.split(" ")[0]!) + name.slice(name.indexOf(" ")),
};

const groupBook = variant<Book>({
  attribute: "current book",
  draw: (_r, book) => ({ entity: book.entity(READING_GROUP), value: book.fresh(EN_BOOK) }),
  forms: [
    (c) => `${c.entity} is reading ${c.value} this month.`,
    (c) => `This month's pick for ${c.entity} is ${c.value}.`,
    (c) => `We're doing ${c.value} in ${c.entity} right now.`,
    (c) => [`What's your book club reading?`, `${c.entity} is on ${c.value}.`],
    (c) => `As for ${c.entity}, the current book is ${c.value}.`,
    (c) => `${c.value} is what ${c.entity} picked for this round.`,
  ],
  questions: [
    (c) => `What is ${c.entity} reading?`,
    (c) => `What's the current book in ${c.entity}?`,
    (c) => `Which book is ${c.entity} on right now?`,
  ],
  next: (_c, _r, book) => book.fresh(EN_BOOK),
  updates: [
    (c, v) => `${c.entity} has moved on to ${v}.`,
    (c, v) => `${c.entity} is reading ${v} now.`,
    (c, v) => `${c.entity} switched to ${v}.`,
    (c, v) => `${c.entity} is reading ${v}.`,
    (c, v) => `The next pick for ${c.entity} is ${v}, starting today.`,
  ],
});

export const enBooksCourses = defineFamily(
  {
    id: "en-books-courses",
    language: "en",
    split: "held-out",
    description: "A book's author, a course's teacher and a reading group's current book.",
  },
  [author, teacher, groupBook],
);
