/**
 * PostgresStore's writes: a batch's planned puts and deletes in the caller's transaction, the
 * digests of the vectors already stored (what the core does not embed again), and the deletion
 * of every namespace under a prefix.
 */
import type { PlannedPut } from "./core.js";
import { StaleVectorsError } from "./core.js";
import { monthDayOf } from "./item-structure.js";
import { decodeNamespace } from "./namespace.js";
import { type PostgresTables, type Queryable, scopeOf, scopeOfSql, vectorLiteral } from "./postgres-rows.js";

/** The digests of the vectors stored for each write's item, by field (core.ts StoredTextHashes). */
export async function storedTextHashes(
  db: Queryable,
  tables: PostgresTables,
  writes: PlannedPut[],
): Promise<Map<PlannedPut, Map<string, string>>> {
  const { rows } = await db.query<{ ns: string; key: string; field: string; text_hash: string }>(
    `SELECT v.ns, v.key, v.field, v.text_hash FROM ${tables.of("vectors")} v
     JOIN unnest($1::text[], $2::text[]) AS w(ns, key) ON v.ns = w.ns AND v.key = w.key`,
    [writes.map((w) => w.path), writes.map((w) => w.key)],
  );
  const byItem = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const id = `${r.ns}\u0000${r.key}`;
    const fields = byItem.get(id) ?? new Map<string, string>();
    fields.set(r.field, r.text_hash);
    byItem.set(id, fields);
  }
  const out = new Map<PlannedPut, Map<string, string>>();
  for (const write of writes) {
    const fields = byItem.get(`${write.path}\u0000${write.key}`);
    if (fields) out.set(write, fields);
  }
  return out;
}

/**
 * Apply a batch's planned writes (core.ts; one per key) in the caller's transaction: deletes,
 * the namespaces of the puts, the items with their keyword terms, the structured rows of items
 * whose rows changed, and the vector rows: those of texts the plan keeps stay, the item's other
 * vectors go, the newly embedded ones are added.
 */
export async function writeItems(
  db: Queryable,
  tables: PostgresTables,
  writes: PlannedPut[],
  options: { structure: boolean; index: boolean },
): Promise<void> {
  const now = new Date();
  const deletes = writes.filter((w) => w.json === null);
  const puts = writes.filter((w) => w.json !== null);
  if (deletes.length > 0) {
    await db.query(
      `DELETE FROM ${tables.of("items")} i USING unnest($1::text[], $2::text[]) AS d(ns, key)
       WHERE i.ns = d.ns AND i.key = d.key`,
      [deletes.map((d) => d.path), deletes.map((d) => d.key)],
    );
    await db.query(
      `DELETE FROM ${tables.of("namespaces")} n WHERE n.ns = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM ${tables.of("items")} i WHERE i.ns = n.ns)`,
      [[...new Set(deletes.map((d) => d.path))]],
    );
  }
  if (puts.length === 0) return;
  // One statement: the namespaces, the items, and the structure digests stored before it (the
  // CTE `old` reads the statement's snapshot, taken before its upsert).
  const { rows: old } = await db.query<{ ns: string; key: string; structure_hash: string }>(
    `WITH added_namespaces AS (
       INSERT INTO ${tables.of("namespaces")} (scope, ns)
       SELECT DISTINCT ${scopeOfSql("n.ns")}, n.ns FROM unnest($7::text[]) AS n(ns) ON CONFLICT DO NOTHING
     ), old AS (
       SELECT i.ns, i.key, i.structure_hash FROM ${tables.of("items")} i
       JOIN unnest($8::text[], $1::text[], $2::text[]) AS w(scope, ns, key) ON i.scope = w.scope AND i.ns = w.ns AND i.key = w.key
       WHERE $9::boolean
     ), upsert AS (
       INSERT INTO ${tables.of("items")} (scope, ns, key, value, created_at, updated_at, terms, structure_hash)
       SELECT ${scopeOfSql("w.ns")}, w.ns, w.key, w.value::jsonb, $4, $4, to_tsvector('simple', w.body), w.hash
       FROM unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[]) AS w(ns, key, value, body, hash)
       ON CONFLICT (scope, ns, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
         terms = excluded.terms, structure_hash = excluded.structure_hash
     )
     SELECT ns, key, structure_hash FROM old`,
    [
      puts.map((p) => p.path),
      puts.map((p) => p.key),
      puts.map((p) => p.json),
      now,
      puts.map((p) => p.keywordBody),
      puts.map((p) => p.structureHash),
      [...new Set(puts.map((p) => p.path))],
      puts.map((p) => scopeOf(p.path)),
      options.structure,
    ],
  );
  // Structured rows are rewritten only for items whose rows changed (a usage-counter put keeps them).
  const stored = new Map(old.map((r) => [JSON.stringify([r.ns, r.key]), r.structure_hash]));
  const changed = puts.filter((p) => p.structure && stored.get(JSON.stringify([p.path, p.key])) !== p.structureHash);
  // An item new to the store has no structured rows to replace (they go with their item).
  const existed = changed.filter((p) => stored.has(JSON.stringify([p.path, p.key])));
  if (changed.length > 0) await writeStructure(db, tables, changed, existed);
  if (!options.index) return;
  // Vector rows: those of the texts the plan keeps stay, the item's others go, the new ones come.
  const keep = puts.flatMap((p) => {
    const embedded = new Set(p.vectors.map((v) => v.field));
    return p.texts.filter((t) => !embedded.has(t.field)).map((t) => ({ p, t }));
  });
  const keepRows = [
    keep.map(({ p }) => p.path),
    keep.map(({ p }) => p.key),
    keep.map(({ t }) => t.field),
    keep.map(({ t }) => t.textHash),
  ];
  // One statement deletes the rest and counts the kept vectors still stored: the items' rows are
  // locked since the upsert above, so a kept vector a concurrent batch replaced before it is
  // missing now, never later. (Both parts read the statement's snapshot; the delete never
  // touches a kept vector.)
  const { rows } = await db.query<{ found: string }>(
    `WITH k AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(ns, key, field, hash)),
     gone AS (
       DELETE FROM ${tables.of("vectors")} v USING unnest($5::text[], $6::text[]) AS w(ns, key)
       WHERE v.ns = w.ns AND v.key = w.key
         AND NOT EXISTS (SELECT 1 FROM k WHERE k.ns = v.ns AND k.key = v.key AND k.field = v.field AND k.hash = v.text_hash)
     )
     SELECT count(*) AS found FROM k JOIN ${tables.of("vectors")} v
       ON v.ns = k.ns AND v.key = k.key AND v.field = k.field AND v.text_hash = k.hash`,
    [...keepRows, puts.map((p) => p.path), puts.map((p) => p.key)],
  );
  if (Number(rows[0]?.found) !== keep.length) throw new StaleVectorsError();
  const added = puts.flatMap((p) => p.vectors.map((v) => ({ p, v })));
  if (added.length === 0) return;
  await db.query(
    `INSERT INTO ${tables.of("vectors")} (scope, ns, key, field, text_hash, vec)
     SELECT ${scopeOfSql("w.ns")}, w.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::vector[])
       AS w(ns, key, field, text_hash, vec)
     ON CONFLICT (scope, ns, key, field) DO UPDATE SET text_hash = excluded.text_hash, vec = excluded.vec`,
    [
      added.map(({ p }) => p.path),
      added.map(({ p }) => p.key),
      added.map(({ v }) => v.field),
      added.map(({ v }) => v.textHash),
      added.map(({ v }) => vectorLiteral(v.vec)),
    ],
  );
}

/**
 * Replace the structured rows of `puts` (items whose rows changed); the rows of `existed` (those
 * of them stored before) are deleted first: a bulk load of new items deletes nothing.
 */
async function writeStructure(
  db: Queryable,
  tables: PostgresTables,
  puts: PlannedPut[],
  existed: PlannedPut[],
): Promise<void> {
  const items = [existed.map((p) => scopeOf(p.path)), existed.map((p) => p.path), existed.map((p) => p.key)];
  for (const table of existed.length > 0 ? ["item_days", "facts"] : [])
    await db.query(
      `DELETE FROM ${tables.of(table)} t USING unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key)
       WHERE t.scope = w.scope AND t.ns = w.ns AND t.key = w.key`,
      items,
    );
  const days = puts.flatMap((p) => p.structure!.days.map((day) => ({ p, day })));
  if (days.length > 0)
    await db.query(
      `INSERT INTO ${tables.of("item_days")} (scope, ns, key, day, md)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[])`,
      [
        days.map(({ p }) => scopeOf(p.path)),
        days.map(({ p }) => p.path),
        days.map(({ p }) => p.key),
        days.map(({ day }) => day),
        days.map(({ day }) => monthDayOf(day)),
      ],
    );
  const facts = puts.flatMap((p) => p.structure!.facts.map((f) => ({ p, f })));
  if (facts.length > 0)
    await db.query(
      `INSERT INTO ${tables.of("facts")} (scope, ns, key, subject, predicate, object, subject_key, object_key)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
      [
        facts.map(({ p }) => scopeOf(p.path)),
        facts.map(({ p }) => p.path),
        facts.map(({ p }) => p.key),
        facts.map(({ f }) => f.subject),
        facts.map(({ f }) => f.predicate),
        facts.map(({ f }) => f.object),
        facts.map(({ f }) => f.subjectKey),
        facts.map(({ f }) => f.objectKey),
      ],
    );
}

/**
 * Delete every namespace in the encoded range `[low, high)` (see prefixRange) with all its
 * items (their vectors and structured rows go by ON DELETE CASCADE), in the caller's
 * transaction. Returns what went, per namespace.
 */
export async function deleteRange(
  db: Queryable,
  tables: PostgresTables,
  range: [string, string],
): Promise<Array<{ namespace: string[]; items: number }>> {
  const { rows } = await db.query<{ ns: string; items: string }>(
    `WITH gone AS (DELETE FROM ${tables.of("items")} WHERE ns >= $1 AND ns < $2 RETURNING ns)
     SELECT ns, count(*) AS items FROM gone GROUP BY ns ORDER BY ns`,
    range,
  );
  await db.query(`DELETE FROM ${tables.of("namespaces")} WHERE ns >= $1 AND ns < $2`, range);
  return rows.map((r) => ({ namespace: decodeNamespace(r.ns), items: Number(r.items) }));
}
