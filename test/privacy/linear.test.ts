/**
 * Redaction runs in time linear in its input (a complexity property, not a speed target): for
 * hostile inputs that make a backtracking pattern rescan (long runs of digits, letters, token
 * characters, separators, half-made secrets), redacting 64 KiB must cost at most 12 times
 * redacting 8 KiB of the same. A quadratic pattern gives about 64 times. Each size is timed over
 * several repetitions, best of 3; a ratio above the bound is measured again (at most three
 * times) so that one descheduled round on a busy machine cannot fail the test.
 */
import { describe, expect, it } from "vitest";
import { redactText } from "../../src/redact.js";

const SMALL = 8 * 1024;
const LARGE = 64 * 1024;
const MAX_RATIO = 12;

/** Units repeated to fill the input: each one targets a pattern that could rescan a run. */
const HOSTILE_UNITS = [
  "1",
  "a",
  "A",
  "a1-",
  "@",
  "@@@",
  "1.1.1.",
  "a.",
  "a@a.",
  "x@",
  "1-",
  "-1",
  "1 ",
  "sk-",
  "eyJ-",
  "eyJa-",
  "eyJ_",
  "ghp_-Street",
  "a@b.c",
  "1 A ",
  "A1 ",
  "Ab ",
  "北京市",
  "路1号",
  "市PIN@路",
  "密码是",
  "password for ",
  "my password is ",
  "PIN is ",
  "my ID is ",
  "ID number ",
  "身份证",
  "卡号",
  "card ",
  "SSN ",
  "IBAN ",
  "DE89",
  "my ip is 1.",
  "我的IP是",
  "0:",
  ":",
  "\u200b1",
  "１",
  "+86 ",
  "token: ",
  "Bearer ",
  " ",
  "\n",
];

/** Milliseconds for `repetitions` redactions of `text`. */
function batch(text: string, repetitions: number): number {
  const start = performance.now();
  for (let i = 0; i < repetitions; i++) redactText(text);
  return performance.now() - start;
}

/**
 * Time per redaction of 8 KiB and of 64 KiB. The repetitions are calibrated so that each batch
 * takes about 10 ms (the same total work for both sizes, well above timer and scheduler noise),
 * the two sizes are timed in alternating rounds so that a busy machine slows both alike, and the
 * best of 3 rounds counts.
 */
function ratioFor(unit: string): { small: number; large: number; ratio: number } {
  const fill = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  const small = fill(SMALL);
  const large = fill(LARGE);
  batch(small, 4); // warm up: compile the patterns for this input shape
  batch(large, 1);
  let repetitions = 8;
  while (repetitions < 4096 && batch(small, repetitions) < 10) repetitions *= 2;
  const largeRepetitions = Math.max(1, repetitions / (LARGE / SMALL));
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    smallMs = Math.min(smallMs, batch(small, repetitions) / repetitions);
    largeMs = Math.min(largeMs, batch(large, largeRepetitions) / largeRepetitions);
  }
  return { small: smallMs, large: largeMs, ratio: largeMs / smallMs };
}

describe("redaction is linear in its input", () => {
  it.each(HOSTILE_UNITS.map((unit) => [JSON.stringify(unit), unit]))(
    "64 KiB of %s costs at most 12 × 8 KiB",
    (_label, unit) => {
      let measured = ratioFor(unit);
      for (let round = 1; round < 3 && measured.ratio > MAX_RATIO; round++) measured = ratioFor(unit);
      expect(
        measured.ratio,
        `8 KiB ${measured.small.toFixed(3)} ms, 64 KiB ${measured.large.toFixed(3)} ms`,
      ).toBeLessThanOrEqual(MAX_RATIO);
    },
  );
});
