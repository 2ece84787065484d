/**
 * HNSWStore's writes: every put and delete of one batch in one SQLite transaction, and the
 * deletion of a namespace range. Values, vectors and keyword terms are all planned (and
 * validated) before the transaction starts (core.ts), so either the whole batch is committed or
 * nothing is.
 */

import { yieldIfDue } from "../yield.js";
import type { ItemStructure } from "./contract.js";
import { type PlannedPut, StaleVectorsError } from "./core.js";
import type { ItemChange } from "./facets.js";
import { monthDayOf } from "./item-structure.js";
import { scopeTokens } from "./keyword.js";
import type { KeywordChange } from "./keyword-index.js";
import type { Db } from "./sqlite.js";
import type { PartitionChange, PartitionRef } from "./vector-index.js";
import { vectorToBuffer } from "./vector-index.js";

export interface CommitResult {
  changes: Map<number, PartitionChange>;
  partitions: Map<number, PartitionRef>;
  /** Namespaces whose last item went: their partitions are dropped. */
  emptied: number[];
  /** Items whose keyword body was rewritten or removed, in write order. */
  keywordChanges: KeywordChange[];
  /** Every item written or deleted, in write order, with its new value (facets.ts). */
  items: ItemChange[];
}

const FTS_FLUSH_ROWS = 200;

export class SqliteWriter {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      getNs: db.prepare("SELECT id FROM namespaces WHERE path = ?"),
      insertNs: db.prepare("INSERT INTO namespaces (path) VALUES (?) RETURNING id"),
      nsRef: db.prepare("SELECT id, item_count, vector_count, seq FROM namespaces WHERE id = ?"),
      bumpNs: db.prepare(
        "UPDATE namespaces SET item_count = item_count + ?, vector_count = vector_count + ?, seq = seq + ? WHERE id = ?",
      ),
      deleteNs: db.prepare("DELETE FROM namespaces WHERE id = ?"),
      getItem: db.prepare("SELECT id, ns_id, keyword_hash FROM items WHERE path = ? AND key = ?"),
      insertItem: db.prepare(
        "INSERT INTO items (ns_id, path, key, value, keyword_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
      ),
      updateItem: db.prepare("UPDATE items SET value = ?, keyword_hash = ?, updated_at = ? WHERE id = ?"),
      deleteItem: db.prepare("DELETE FROM items WHERE id = ?"),
      itemVectors: db.prepare("SELECT id, field, text_hash FROM vectors WHERE item_id = ? ORDER BY field"),
      deleteVector: db.prepare("DELETE FROM vectors WHERE id = ?"),
      insertVector: db.prepare(
        "INSERT INTO vectors (item_id, ns_id, field, text_hash, vec) VALUES (?, ?, ?, ?, ?) RETURNING id",
      ),
      deleteFts: db.prepare("DELETE FROM fts WHERE rowid = ?"),
      ftsBody: db.prepare("SELECT body FROM fts WHERE rowid = ?"),
      insertFts: db.prepare("INSERT INTO fts (rowid, scope, body) VALUES (?, ?, ?)"),
      flushFts: db.prepare("INSERT INTO fts (fts) VALUES ('flush')"),
      namespacesIn: db.prepare(
        "SELECT id, path, item_count FROM namespaces WHERE path >= ? AND path < ? ORDER BY path",
      ),
      deleteNsFts: db.prepare("DELETE FROM fts WHERE rowid IN (SELECT id FROM items WHERE ns_id = ?)"),
      deleteNsVectors: db.prepare("DELETE FROM vectors WHERE ns_id = ?"),
      deleteNsItems: db.prepare("DELETE FROM items WHERE ns_id = ?"),
      deleteNsDays: db.prepare("DELETE FROM item_days WHERE ns_id = ?"),
      deleteNsFacts: db.prepare("DELETE FROM facts WHERE ns_id = ?"),
      deleteDays: db.prepare("DELETE FROM item_days WHERE item_id = ?"),
      insertDay: db.prepare("INSERT INTO item_days (item_id, ns_id, day, md) VALUES (?, ?, ?, ?)"),
      itemDays: db.prepare("SELECT day FROM item_days WHERE item_id = ? ORDER BY day"),
      itemFacts: db.prepare(
        "SELECT subject, predicate, object, subject_key, object_key FROM facts WHERE item_id = ? ORDER BY id",
      ),
      deleteFacts: db.prepare("DELETE FROM facts WHERE item_id = ?"),
      insertFact: db.prepare(
        "INSERT INTO facts (item_id, ns_id, subject, predicate, object, subject_key, object_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
    };
  }

  /**
   * Apply the writes in one transaction (later writes to the same key win, as in InMemoryStore),
   * handing the event loop back between slices while the transaction stays open. Readers on the
   * store's read connection see the state before the transaction until it commits, then all of
   * it; an error rolls everything back. The caller runs one commit at a time on this connection.
   */
  async commit(writes: PlannedPut[], now: number): Promise<CommitResult> {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = await this.commitInTransaction(writes, now);
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      if (this.db.open && this.db.inTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  private async commitInTransaction(writes: PlannedPut[], now: number): Promise<CommitResult> {
    const changes = new Map<number, PartitionChange>();
    // Per namespace: item, vector and seq deltas, applied once at the end.
    const touched = new Map<number, { items: number; vectors: number; seq: number }>();
    const keywordChanges: KeywordChange[] = [];
    const items: ItemChange[] = [];
    let flushedAt = 0;
    const change = (nsId: number) => {
      let c = changes.get(nsId);
      if (!c) {
        c = { added: [], removed: [] };
        changes.set(nsId, c);
      }
      return c;
    };
    for (const write of writes) {
      const existing = this.stmts.getItem.get(write.path, write.key) as
        | { id: number; ns_id: number; keyword_hash: string }
        | undefined;
      if (write.json === null && !existing) continue;
      const nsId = existing?.ns_id ?? this.namespaceId(write.path, write.json !== null);
      let itemDelta = 0;
      let vectorDelta = 0;
      let itemId: number;
      let keepVectors = false;
      let keepKeywords = false;
      // The texts whose stored vector the plan keeps: each must still be stored as planned.
      const embedded = new Set(write.vectors.map((v) => v.field));
      const kept = new Map(write.texts.filter((t) => !embedded.has(t.field)).map((t) => [t.field, t.textHash]));
      if (existing) {
        itemId = existing.id;
        const old = this.stmts.itemVectors.all(itemId) as Array<{ id: number; field: string; text_hash: string }>;
        const stored = new Map(old.map((v) => [v.field, v.text_hash]));
        for (const [field, textHash] of kept) if (stored.get(field) !== textHash) throw new StaleVectorsError();
        const gone = write.json === null ? old : old.filter((v) => kept.get(v.field) !== v.text_hash);
        keepVectors = write.json !== null && gone.length === 0 && write.vectors.length === 0;
        keepKeywords = keepVectors && existing.keyword_hash === write.keywordHash;
        // Same texts, different hash: a row whose hash was taken over the keyword body (an
        // older store layout). If the body is the same, only the hash is brought up to date:
        // rewriting an FTS5 row costs milliseconds in a large store, and usage updates are
        // exactly such puts.
        if (keepVectors && !keepKeywords)
          keepKeywords =
            ((this.stmts.ftsBody.get(itemId) as { body: string } | undefined)?.body ?? "") === write.keywordBody;
        for (const v of gone) this.stmts.deleteVector.run(v.id);
        if (gone.length) {
          change(nsId).removed.push(...gone.map((v) => v.id));
          vectorDelta -= gone.length;
        }
        if (!keepKeywords) this.stmts.deleteFts.run(itemId);
        if (write.json === null) {
          this.stmts.deleteItem.run(itemId);
          itemDelta -= 1;
        } else {
          this.stmts.updateItem.run(write.json, write.keywordHash, now, itemId);
        }
      } else {
        if (kept.size > 0) throw new StaleVectorsError();
        itemId = (
          this.stmts.insertItem.get(nsId, write.path, write.key, write.json, write.keywordHash, now, now) as {
            id: number;
          }
        ).id;
        itemDelta += 1;
      }
      if (write.json !== null) {
        if (!keepVectors) {
          for (const { field, vec, textHash } of write.vectors) {
            const vid = (
              this.stmts.insertVector.get(itemId, nsId, field, textHash, vectorToBuffer(vec)) as { id: number }
            ).id;
            change(nsId).added.push({ vid, vec, item: itemId });
            vectorDelta += 1;
          }
        }
        if (!keepKeywords && write.keywordBody)
          this.stmts.insertFts.run(itemId, scopeTokens(write.namespace).join(" "), write.keywordBody);
        if (write.structure) this.writeStructure(itemId, nsId, write.structure, existing !== undefined);
      }
      items.push({ nsId, id: itemId, json: write.json });
      if (!keepKeywords)
        keywordChanges.push({
          nsId,
          id: itemId,
          body: write.json !== null && write.keywordBody ? write.keywordBody : null,
        });
      // seq marks changes to the vectors only: HNSW files compare against it.
      const delta = touched.get(nsId) ?? { items: 0, vectors: 0, seq: 0 };
      delta.items += itemDelta;
      delta.vectors += vectorDelta;
      delta.seq += keepVectors ? 0 : 1;
      touched.set(nsId, delta);
      // FTS5 keeps a transaction's new terms in memory and writes them out on COMMIT; written
      // out every FTS_FLUSH_ROWS rows instead, a large commit's last step stays short.
      if (keywordChanges.length - flushedAt >= FTS_FLUSH_ROWS) {
        this.stmts.flushFts.run();
        flushedAt = keywordChanges.length;
      }
      await yieldIfDue();
    }
    const partitions = new Map<number, PartitionRef>();
    const emptied: number[] = [];
    for (const [nsId, delta] of touched) {
      if (delta.items !== 0 || delta.vectors !== 0 || delta.seq !== 0)
        this.stmts.bumpNs.run(delta.items, delta.vectors, delta.seq, nsId);
      const row = this.stmts.nsRef.get(nsId) as { id: number; item_count: number; vector_count: number; seq: number };
      if (row.item_count === 0) {
        this.stmts.deleteNs.run(nsId);
        emptied.push(nsId);
        changes.delete(nsId);
      } else {
        partitions.set(nsId, { id: row.id, vectorCount: row.vector_count, seq: row.seq });
      }
    }
    return { changes, partitions, emptied, keywordChanges, items };
  }

  /**
   * Delete every namespace whose encoded path lies in `[low, high)` (see prefixRange), with its
   * items, vectors and keyword rows, in one transaction. Returns what went, per namespace.
   */
  deleteRange([low, high]: [string, string]): Array<{ id: number; path: string; items: number }> {
    const run = this.db.transaction(() => {
      const namespaces = this.stmts.namespacesIn.all(low, high) as Array<{
        id: number;
        path: string;
        item_count: number;
      }>;
      for (const ns of namespaces) {
        // FTS rows first: they are found through the items they belong to.
        this.stmts.deleteNsFts.run(ns.id);
        this.stmts.deleteNsDays.run(ns.id);
        this.stmts.deleteNsFacts.run(ns.id);
        this.stmts.deleteNsVectors.run(ns.id);
        this.stmts.deleteNsItems.run(ns.id);
        this.stmts.deleteNs.run(ns.id);
      }
      return namespaces.map((ns) => ({ id: ns.id, path: ns.path, items: ns.item_count }));
    });
    return run.immediate();
  }

  /**
   * Replace the item's structured rows (a delete takes them by ON DELETE CASCADE); rows that
   * would not change (a usage-counter update) are left alone.
   */
  private writeStructure(itemId: number, nsId: number, structure: ItemStructure, existed: boolean): void {
    if (existed) {
      if (this.sameStructure(itemId, structure)) return;
      this.stmts.deleteDays.run(itemId);
      this.stmts.deleteFacts.run(itemId);
    }
    for (const day of structure.days) this.stmts.insertDay.run(itemId, nsId, day, monthDayOf(day));
    for (const f of structure.facts)
      this.stmts.insertFact.run(itemId, nsId, f.subject, f.predicate, f.object, f.subjectKey, f.objectKey);
  }

  /** Whether the item's stored days and facts are exactly these. */
  private sameStructure(itemId: number, structure: ItemStructure): boolean {
    const days = (this.stmts.itemDays.all(itemId) as Array<{ day: number }>).map((r) => r.day);
    const want = [...structure.days].sort((a, b) => a - b);
    if (days.length !== want.length || days.some((d, i) => d !== want[i])) return false;
    const facts = this.stmts.itemFacts.all(itemId) as Array<{
      subject: string;
      predicate: string;
      object: string;
      subject_key: string;
      object_key: string;
    }>;
    return (
      facts.length === structure.facts.length &&
      facts.every((f, i) => {
        const g = structure.facts[i]!;
        return (
          f.subject === g.subject &&
          f.predicate === g.predicate &&
          f.object === g.object &&
          f.subject_key === g.subjectKey &&
          f.object_key === g.objectKey
        );
      })
    );
  }

  private namespaceId(path: string, create: boolean): number {
    const row = this.stmts.getNs.get(path) as { id: number } | undefined;
    if (row) return row.id;
    if (!create) throw new Error(`namespace ${path} has items but no namespace row`);
    return (this.stmts.insertNs.get(path) as { id: number }).id;
  }
}
