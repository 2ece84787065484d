/**
 * Quality floors: evidence recall@10 of `remember` + `recall` on our own two-person
 * conversations and bilingual scenarios, a little under what the code reaches today, and the CI
 * floors on the held-out half of the own dialogs (test/eval/dialogs.ts: the tuning half may be
 * read while changing the code, this one only measured) and the MemoryBank development split
 * (`npm run eval` prints the full table, both halves), so a regression fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dialogSet } from "./dialogs.js";
import { evaluateConversations, evaluateScenarios, measureOurs, type Tally } from "./harness.js";
import { memoryBankSet } from "./memorybank.js";
import { type SetMetrics, value } from "./metrics.js";

const rate = (n: number, d: number): number => (d === 0 ? 0 : n / d);
const hit = (t: Tally) => rate(t.hits, t.questions);
const evidence = (t: Tally) => rate(t.covered, t.evidence);

describe("evidence recall@10", () => {
  it("finds the evidence of a two-person conversation given as named user turns", async () => {
    const report = await evaluateConversations("named");
    expect(report.total.questions).toBeGreaterThanOrEqual(40);
    expect(rate(report.total.stored, report.total.evidence)).toBeGreaterThanOrEqual(0.98);
    expect(hit(report.total)).toBeGreaterThanOrEqual(0.92);
    expect(evidence(report.total)).toBeGreaterThanOrEqual(0.82);
    expect(hit(report.byCategory.temporal)).toBeGreaterThanOrEqual(0.9);
    expect(hit(report.byCategory.paraphrase)).toBeGreaterThanOrEqual(0.85);
    expect(hit(report.byCategory["multi-hop"])).toBeGreaterThanOrEqual(0.9);
    // Two people's statements about themselves never wait on a conflict question.
    expect(report.counts.pending).toBeLessThanOrEqual(1);
    expect(report.counts.superseded).toBe(0);
  });

  it("reads one turn per call as well as a session per call", async () => {
    const report = await evaluateConversations("named-turn");
    expect(hit(report.total)).toBeGreaterThanOrEqual(0.92);
    expect(evidence(report.total)).toBeGreaterThanOrEqual(0.82);
  });

  it.each(["mem0", "mem0-turn", "prefixed"] as const)(
    "reads a transcript with name prefixes (%s style) as two people",
    async (style) => {
      const report = await evaluateConversations(style);
      // "Priya: …" sent as the assistant is Priya speaking, not an AI (src/write/transcript.ts), so
      // her statements are stored and recalled like the named style's, whole session or per turn.
      expect(rate(report.total.stored, report.total.evidence)).toBeGreaterThanOrEqual(0.98);
      expect(hit(report.total)).toBeGreaterThanOrEqual(0.92);
      expect(report.counts.pending).toBeLessThanOrEqual(1);
    },
  );

  it("answers the bilingual scenarios and never recalls a superseded value alone", async () => {
    const report = await evaluateScenarios();
    expect(hit(report.total)).toBeGreaterThanOrEqual(0.93);
    expect(hit(report.byLanguage.zh)).toBeGreaterThanOrEqual(0.95);
    expect(hit(report.byLanguage.en)).toBeGreaterThanOrEqual(0.9);
    // "We switched from Jira to Linear" supersedes "the team uses Jira" (src/write/conflict/change.ts).
    expect(report.staleRecalled).toBe(0);
  });
});

describe("eval floors on the held-out own dialogs and the MemoryBank development split", () => {
  // Pollution 0, staleness 0, write recall ≥ 0.8, MemoryBank development split hit@10 ≥ 0.80;
  // write precision ≥ 0.88: the held-out half rejects 133 of its 148 noise turns (0.899), and a
  // floor met by tuning on these turns would no longer measure anything.
  let dialogs: SetMetrics;
  let memoryBank: SetMetrics;
  beforeAll(async () => {
    dialogs = await measureOurs(dialogSet("held-out"));
    memoryBank = await measureOurs(memoryBankSet());
  });

  it("stores at least 80% of the planted facts", () => {
    expect(dialogs.writeRecall!.d).toBeGreaterThanOrEqual(130);
    expect(value(dialogs.writeRecall)).toBeGreaterThanOrEqual(0.8);
  });

  it("never recalls a changed fact's stale value without the current one above it", () => {
    expect(dialogs.staleness.d).toBeGreaterThanOrEqual(15);
    expect(value(dialogs.staleness)).toBe(0);
  });

  it("rejects at least 88% of the noise (greetings, chatter, moods, unconfirmed assistant claims)", () => {
    expect(dialogs.writePrecision!.d).toBeGreaterThanOrEqual(140);
    expect(value(dialogs.writePrecision)).toBeGreaterThanOrEqual(0.88);
  });

  it("never recalls another user's memory (all users in one store)", () => {
    expect(dialogs.pollution.d).toBeGreaterThanOrEqual(130);
    expect(value(dialogs.pollution)).toBe(0);
    expect(value(memoryBank.pollution)).toBe(0);
  });

  it("finds the evidence of at least 80% of the MemoryBank development questions in the top 10", () => {
    expect(memoryBank.hit10.d).toBe(97);
    expect(value(memoryBank.hit10)).toBeGreaterThanOrEqual(0.8);
  });
});
