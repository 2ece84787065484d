/**
 * English scheduling families: appointments with a doctor, dentist or physio on a date (dev), and
 * recurring events — the weekday a club meets, the time a class starts (held-out).
 */

import { defineFamily, variant } from "./kit.js";
import { an, EN_CLASS, EN_CLUB, EN_DOCTOR, enDate, enTime, other, pick, type Rand, WEEKDAYS } from "./names.js";

const SPECIALTIES = [
  "dentist",
  "GP",
  "dermatologist",
  "eye doctor",
  "physio",
  "orthodontist",
  "cardiologist",
  "allergist",
  "ENT specialist",
  "podiatrist",
];
const REASONS = [
  "my knee",
  "the rash",
  "my back",
  "the crown",
  "my blood test results",
  "the follow-up",
  "my shoulder",
  "new glasses",
];

type Appt = { entity: string; value: string; kind: string };

const laterDate = (old: string, r: Rand): string => {
  for (;;) {
    const d = enDate(r, old);
    if (!d.includes(old) && !old.includes(d)) return d;
  }
};

const appointment = variant<Appt>({
  attribute: "appointment date",
  draw: (r, book) => ({ entity: book.entity(EN_DOCTOR), value: enDate(r), kind: pick(r, SPECIALTIES) }),
  forms: [
    (c) => `I have ${an(c.kind)} appointment with ${c.entity} on ${c.value}.`,
    (c) => `My checkup with ${c.entity} is on ${c.value}.`,
    (c) => `${c.entity}'s office booked me in for ${c.value}.`,
    (c) => `As for the ${c.kind}, ${c.entity} can see me on ${c.value}.`,
    (c) => [`When are you seeing the ${c.kind}?`, `On ${c.value}, with ${c.entity}.`],
    (c, r) => `${c.value} is when I see ${c.entity} about ${pick(r, REASONS)}.`,
    (c) => `My mum's appointment with ${c.entity} (the ${c.kind}) is on ${c.value} — I'm driving her.`,
    (c, r) => `Reminder to self: ${c.kind}, ${c.entity}, ${c.value} at ${enTime(r)}.`,
    (c) => `I finally got an appointment with ${c.entity} — ${c.value}, first thing in the morning.`,
  ],
  questions: [
    (c) => `When is the appointment with ${c.entity}?`,
    (c) => `What date is the ${c.entity} appointment?`,
    (c) => `When's the visit to ${c.entity}?`,
    (c) => `Which day is the appointment with ${c.entity} on?`,
  ],
  next: (c, r) => laterDate(c.value, r),
  updates: [
    (c, v) => `The appointment with ${c.entity} got moved to ${v}.`,
    (c, v) => `${c.entity}'s office rescheduled it to ${v}.`,
    (c, v) => `The ${c.entity} appointment is now on ${v} instead.`,
    (c, v) => `The appointment with ${c.entity} is on ${v}.`,
    (c, v) => `${c.entity} had to cancel, so it's ${v} now.`,
    (c, v) => `I pushed my appointment with ${c.entity} back to ${v}.`,
  ],
});

export const enAppointments = defineFamily(
  {
    id: "en-appointments",
    language: "en",
    split: "dev",
    description: "The date of an appointment with a named doctor, dentist or therapist; reschedules update it.",
  },
  [appointment],
);

type Club = { entity: string; value: string };

const club = variant<Club>({
  attribute: "meeting day",
  draw: (r, book) => ({ entity: book.entity(EN_CLUB), value: pick(r, WEEKDAYS) }),
  forms: [
    (c) => `${c.entity} meets on ${c.value}s.`,
    (c) => `The ${c.entity} is every ${c.value} evening.`,
    (c) => `My daughter's ${c.entity} meets ${c.value} after school.`,
    (c) => [`When's your club night?`, `${c.entity} is on ${c.value}s.`],
    (c) => `As for ${c.entity}, we get together every ${c.value}.`,
    (c) => `${c.value} is ${c.entity} night.`,
    (c) => `I go to ${c.entity} (the one at the library) every ${c.value}.`,
    (c) => `${c.entity} has its weekly meetup on ${c.value}s at the community centre.`,
  ],
  questions: [
    (c) => `What day does ${c.entity} meet?`,
    (c) => `When does ${c.entity} get together?`,
    (c) => `Which weekday is ${c.entity} on?`,
    (c) => `What day is ${c.entity}?`,
  ],
  next: (c, r) => other(r, WEEKDAYS, c.value),
  updates: [
    (c, v) => `${c.entity} moved to ${v}s.`,
    (c, v) => `${c.entity} meets on ${v}s now.`,
    (c, v) => `${c.entity} was changed to ${v}.`,
    (c, v) => `From this month, ${c.entity} is on ${v}s.`,
    (c, v) => `${c.entity} meets on ${v}s.`,
    (c, v) => `${c.entity} switched from ${c.value}s to ${v}s because of the hall booking.`,
  ],
});

const lesson = variant<Club>({
  attribute: "start time",
  draw: (r, book) => ({ entity: book.entity(EN_CLASS), value: enTime(r) }),
  forms: [
    (c) => `${c.entity} starts at ${c.value}.`,
    (c, r) => `My ${c.entity} class is at ${c.value} on ${pick(r, WEEKDAYS)}s.`,
    (c) => `${c.entity} runs from ${c.value} for about an hour and a half.`,
    (c) => [`What time is your class?`, `${c.entity} is at ${c.value}.`],
    (c) => `As for ${c.entity}, it begins at ${c.value}.`,
    (c) => `${c.value} — that's when ${c.entity} starts.`,
    (c) => `My son's class, ${c.entity}, is at ${c.value}.`,
    (c) => `I signed up for ${c.entity}; it's the ${c.value} slot.`,
  ],
  questions: [
    (c) => `What time is ${c.entity}?`,
    (c) => `When does ${c.entity} start?`,
    (c) => `What time does ${c.entity} begin?`,
  ],
  next: (c, r) => {
    for (;;) {
      const t = enTime(r, c.value);
      if (!t.includes(c.value) && !c.value.includes(t)) return t;
    }
  },
  updates: [
    (c, v) => `${c.entity} now starts at ${v}.`,
    (c, v) => `${c.entity} was moved to ${v}.`,
    (c, v) => `They changed ${c.entity} to ${v}.`,
    (c, v) => `${c.entity} is at ${v}.`,
    (c, v) => `Heads up, ${c.entity} starts at ${v} from next week.`,
  ],
});

export const enRecurring = defineFamily(
  {
    id: "en-recurring",
    language: "en",
    split: "held-out",
    description: "The weekday a club meets and the time a class starts; schedule changes update it.",
  },
  [club, lesson],
);
