/**
 * `restore(scope, id)`: an archived memory (expired or decayed into the cold tier) comes back
 * into normal recall, with a history entry (seed 001 §3.4: "冷记忆定期归档，需要时可以人工恢复").
 *
 * When its key holds one value at a time (a fact) and another memory is that key's current value
 * now, two current values would contradict each other, and the newer statement should not be
 * silently replaced by an older one: the restored memory becomes `pending`, a conflict with
 * the current value that `pending()` lists and `resolve()` settles like any other
 * (supersede / keep_both / merge / reject).
 */
import type { BaseStore, Item } from "@langchain/langgraph";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { episodesNamespace, recordsNamespace } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord, SINGLE_VALUED_KINDS } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { detectLanguage } from "../text/tokenizer.js";
import { indexedRecords } from "../write/conflict/key-index.js";
import { CONFLICT_OPTIONS } from "../write/history.js";
import { MaintenancePlan } from "./plan.js";

/**
 * @throws {NotFoundError} when the scope has no memory with that id.
 * @throws {InvalidInputError} when the memory is not archived.
 */
export async function restoreRecord(
  store: BaseStore,
  queue: ScopeQueue,
  scope: MemoryScope,
  id: string,
  now: Date,
): Promise<MemoryRecord> {
  const key = scopeKey(scope);
  return queue.run(key, async () => {
    const [record, episode] = (await store.batch([
      { namespace: recordsNamespace(scope), key: id },
      { namespace: episodesNamespace(scope), key: id },
    ])) as Array<Item | null>;
    const item = record ?? episode;
    if (!item) throw new NotFoundError(`No memory '${id}' in this scope to restore.`, { field: "id" });
    const stored = parseMemoryRecord(item.value);
    if (stored.status !== "archived") {
      throw new InvalidInputError(
        `restore() brings back archived memories; memory '${id}' is ${stored.status}, not archived.`,
        { field: "id", expected: "archived", received: stored.status },
      );
    }
    const current =
      stored.about !== "conversation" && SINGLE_VALUED_KINDS.has(stored.kind)
        ? ((await indexedRecords(store, scope, [{ prefix: stored.key, exact: true }], 1))[0]?.[0] ?? undefined)
        : undefined;
    const plan = new MaintenancePlan(scope, now.toISOString());
    const restored = plan.restore(
      stored,
      current ? `restored by request; ${current.id} is the current value of ${stored.key}` : "restored by request",
      current
        ? {
            existingId: current.id,
            relation: "restored",
            question: question(stored, current),
            options: [...CONFLICT_OPTIONS],
          }
        : undefined,
    );
    await store.batch(plan.operations());
    queue.bump(key);
    return restored;
  });
}

function question(restored: MemoryRecord, current: MemoryRecord): string {
  return detectLanguage(restored.content) === "zh"
    ? `恢复旧记忆「${restored.content}」？目前记录的是「${current.content}」。`
    : `Restore "${restored.content}"? The current memory says "${current.content}".`;
}
