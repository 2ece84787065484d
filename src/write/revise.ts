/**
 * Revising one memory (`memory.revise`, the memory tools' `update`): a new statement for a memory
 * the caller names by id. The statement is written like any other, through the write pipeline's
 * rules (admission, conflicts, history), and what they decide about the named memory stands: a
 * repeat reinforces it, a detail merges into it, a change supersedes it. Where the rules wrote
 * the statement without relating it to the named memory, the naming is the user's answer: the
 * memory is superseded by what was written, or, when the rules held the statement for the user
 * because it conflicts with that memory, by the pending memory (resolved with `supersede`).
 * Nothing else is decided for the user: a statement the rules refused, held over another memory
 * or kept as a one-off exception leaves the named memory as it was, and the output shows why.
 */
import type { BaseStore } from "@langchain/langgraph";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { quoteValue, redactId } from "../redact.js";
import type { MemoryRecord, MemoryScope } from "../schema.js";
import { commitReplacement } from "./commit.js";
import { emptyWriteResult, type MemoryWriteOutput, type WriteResult } from "./conflict/decision.js";
import type { RecordContext } from "./records.js";
import { getRecord, listPending, resolvePending } from "./review.js";

/** What `revise` returns: the write run's output, the revision's own changes folded in. */
export interface ReviseOutput extends MemoryWriteOutput {
  /**
   * The named memory as it stands afterwards: `superseded` (its `supersededBy` the new record)
   * when the statement replaced it, otherwise active (and in `reinforced` or `merged` when the
   * statement repeated or detailed it); null when it was deleted meanwhile.
   */
  revised: MemoryRecord | null;
}

/**
 * The memory a revision names, which must be an active memory of the user.
 * @throws {NotFoundError} when the scope has no memory of the user with that id.
 * @throws {InvalidInputError} when it is an episode of the conversation, or not active (its
 *   `details` carry `status` and, for a superseded one, `supersededBy`).
 */
export async function revisionTarget(store: BaseStore, scope: MemoryScope, id: string): Promise<MemoryRecord> {
  const target = await getRecord(store, scope, id);
  if (!target) {
    throw new NotFoundError(`No memory ${quoteValue(id)} in this scope to revise.`, { id: redactId(id) });
  }
  if (target.about === "conversation") {
    throw new InvalidInputError(
      `Memory ${quoteValue(id)} is an episode of the conversation (a record of what was said); it cannot be revised, only deleted.`,
      { field: "id", status: target.status, about: "conversation" },
    );
  }
  if (target.status !== "active") {
    const current = target.supersededBy ? `; its current version is ${quoteValue(target.supersededBy)}` : "";
    throw new InvalidInputError(
      `Memory ${quoteValue(id)} is ${target.status}; only an active memory can be revised${current}.`,
      { field: "id", status: target.status, ...(target.supersededBy ? { supersededBy: target.supersededBy } : {}) },
    );
  }
  return target;
}

/**
 * After the write run of a revision: supersede the named memory unless the rules already
 * decided about it. Must run inside the scope's queue.
 */
export async function settleRevision(
  store: BaseStore,
  targetId: string,
  written: MemoryWriteOutput,
  ctx: RecordContext,
): Promise<{ result: WriteResult; revised: MemoryRecord | null }> {
  const unchanged = { result: emptyWriteResult() };
  const target = await getRecord(store, ctx.scope, targetId);
  if (target?.status !== "active" || decidedAbout(written, targetId)) return { ...unchanged, revised: target };
  const heldIds = new Set(written.pending.map((r) => r.id));
  const held = (await listPending(store, ctx.scope)).find(
    (p) => heldIds.has(p.record.id) && p.existing?.id === targetId && p.options.includes("supersede"),
  );
  if (held) {
    const result = await resolvePending(store, ctx.scope, held.record.id, "supersede", new Date(ctx.now));
    return { result, revised: await getRecord(store, ctx.scope, targetId) };
  }
  const replacement = replacementFor(target, written);
  const by = replacement ? await getRecord(store, ctx.scope, replacement.id) : null;
  if (by?.status !== "active") return { ...unchanged, revised: target };
  const reason = `revised: the user gave ${by.id} as the new statement of this memory`;
  const result = await commitReplacement(store, target, by, reason, ctx);
  return { result, revised: result.superseded.find((r) => r.id === targetId) ?? target };
}

/** A write run's output with a revision's own changes folded in (each record as it stands last). */
export function foldRevision(out: MemoryWriteOutput, extra: WriteResult): MemoryWriteOutput {
  const latest = new Map<string, MemoryRecord>();
  for (const category of CATEGORIES) for (const record of extra[category]) latest.set(record.id, record);
  const fold = (category: (typeof CATEGORIES)[number]): MemoryRecord[] => {
    const byId = new Map<string, MemoryRecord>();
    for (const record of [...out[category], ...extra[category]]) byId.set(record.id, latest.get(record.id) ?? record);
    return [...byId.values()];
  };
  return {
    ...out,
    written: fold("written"),
    reinforced: fold("reinforced"),
    superseded: fold("superseded"),
    merged: fold("merged"),
    // A pending memory the revision resolved is written now, no longer waiting.
    pending: fold("pending").filter((record) => record.status === "pending"),
    exceptions: fold("exceptions"),
    rejected: [...out.rejected, ...extra.rejected],
  };
}

const CATEGORIES = ["written", "reinforced", "superseded", "merged", "pending", "exceptions"] as const;

function decidedAbout(out: WriteResult, id: string): boolean {
  return [out.superseded, out.reinforced, out.merged].some((records) => records.some((r) => r.id === id));
}

/** The new memory that stands for the revised one: same key first, then same kind, then the first. */
function replacementFor(target: MemoryRecord, out: WriteResult): MemoryRecord | undefined {
  const exceptions = new Set(out.exceptions.map((r) => r.id));
  const written = out.written.filter((r) => r.status === "active" && !exceptions.has(r.id));
  return written.find((r) => r.key === target.key) ?? written.find((r) => r.kind === target.kind) ?? written[0];
}
