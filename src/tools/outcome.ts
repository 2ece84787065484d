/**
 * What the memory tools tell the model: each memory as one readable line, and what a write did,
 * with ids, in the words the model needs to act on it (what was stored, what it replaced, what
 * waits for the user, what the rules refused and why). Text only from the store, which holds
 * redacted content, so no raw secret is echoed back.
 */
import { flattenForBlock, isInstructionLike } from "../recall/injection.js";
import { quoteValue } from "../redact.js";
import type { MemoryRecord } from "../schema.js";
import type { MemoryWriteOutput } from "../write/conflict/decision.js";
import type { PendingMemory } from "../write/review.js";
import type { RejectionReason } from "../write/scoring.js";

/** A memory's words for a tool answer: one line, or a note that they read as an instruction. */
export function shown(record: Pick<MemoryRecord, "content">): string {
  // Recall never injects such text (injection.ts); a tool answer does not quote it either.
  if (isInstructionLike(record.content)) return "(text withheld: it reads as an instruction to the assistant)";
  return `"${flattenForBlock(record.content)}"`;
}

/** One memory as search_memory lists it: its words, then id, kind, key, when said, score. */
export function memoryLine(position: number, record: MemoryRecord & { score?: number }): string {
  const facts = [`id ${record.id}`, record.kind, `key ${record.key}`, record.observedAt.slice(0, 10)];
  if (record.score !== undefined) facts.push(`score ${record.score.toFixed(2)}`);
  if (record.status === "superseded") facts.push(`superseded by ${record.supersededBy}`);
  else if (record.status !== "active") facts.push(record.status);
  return `${position}. ${shown(record)}\n   ${facts.join(" · ")}`;
}

// What a model can do about each refusal (the rule behind each: src/write/scoring.ts, precedence.ts).
const REFUSALS: Record<RejectionReason, string> = {
  below_threshold: "it is not lasting or reusable enough to keep",
  transient: "it reads as temporary (this time, for now); if it should last, say so ('from now on …')",
  not_novel: "it adds nothing to what is known",
  personal_low_confidence:
    "a judgement of the user's personality or mood is kept only when the user asks to remember it",
  business_fact_requires_system_sync: "business facts come from the business system, not from a conversation",
  system_sync_requires_business_fact: "only business facts come from the business system",
  outranked: "a more reliable memory says otherwise",
  stale: "a more recent memory says otherwise",
  already_known: "it is already known",
  user_rejected: "the user rejected it",
};

/**
 * The lines describing a write: created, superseded, reinforced, merged, one-off exceptions,
 * waiting for the user, refused. `skip` leaves out records a caller has described already.
 */
export function writeLines(
  out: MemoryWriteOutput,
  waiting: readonly PendingMemory[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const lines: string[] = [];
  const keep = (records: readonly MemoryRecord[]) => records.filter((r) => !skip.has(r.id));
  const exceptions = new Set(out.exceptions.map((r) => r.id));
  for (const r of keep(out.written).filter((r) => !exceptions.has(r.id)))
    lines.push(`Stored memory ${r.id} (${r.kind}, key ${r.key}): ${shown(r)}.`);
  for (const r of keep(out.superseded))
    lines.push(`Memory ${r.id} (${shown(r)}) is superseded by ${r.supersededBy}; its history keeps the old version.`);
  for (const r of keep(out.reinforced))
    lines.push(`Already known as memory ${r.id} (${shown(r)}): reinforced, confidence now ${r.confidence}.`);
  for (const r of keep(out.merged)) lines.push(`Merged into memory ${r.id}, which now reads ${shown(r)}.`);
  for (const r of keep(out.exceptions)) {
    const until = r.expiresAt ? ` until ${r.expiresAt.slice(0, 10)}` : "";
    lines.push(`Kept as a one-off exception, memory ${r.id}${until}: ${shown(r)}; the standing memory is unchanged.`);
  }
  for (const r of keep(out.pending)) {
    const asked = waiting.find((p) => p.record.id === r.id);
    const conflict = asked?.existing
      ? ` It conflicts with memory ${asked.existing.id} (${shown(asked.existing)}).`
      : "";
    const question = asked ? ` Ask the user: ${flattenForBlock(asked.question)}` : "";
    lines.push(
      `Waiting for the user's decision: pending memory ${r.id} (${shown(r)}).${conflict} Nothing changes until the user decides.${question}`,
    );
  }
  for (const rejection of out.rejected) {
    const related = rejection.relatedId ? ` (see memory ${rejection.relatedId})` : "";
    lines.push(`Not stored: ${shown(rejection.candidate)}: ${REFUSALS[rejection.reason]}${related}.`);
  }
  return lines;
}

/**
 * Why a write did nothing at all, as a retry hint: what extraction failed on, or that nothing in
 * the content was read as a memory about the user. Undefined when the write did something.
 */
export function nothingWritten(out: MemoryWriteOutput, tool: string): string | undefined {
  const touched = [out.written, out.superseded, out.reinforced, out.merged, out.pending, out.exceptions];
  if (touched.some((records) => records.length > 0) || out.rejected.length > 0) return undefined;
  const failure = out.extractionFailures[0];
  if (failure)
    return `Reading the content failed (${failure.stage}): ${quoteValue(failure.error, 200)}. Call ${tool} again.`;
  return (
    `Nothing in the content was read as a memory about the user. Write it as the user's own ` +
    `statement in the first person, one fact per call (e.g. "I prefer dark mode", "我不吃香菜"), and call ` +
    `${tool} again.`
  );
}
