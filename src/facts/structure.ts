/**
 * A memory record's structured rows (src/store/item-structure.ts, their types in
 * src/store/contract.ts), derived from the record alone:
 *
 * - days: the day it was said (`observedAt`), the days its sentence names (extraction writes
 *   resolved dates into it: "yesterday" said on May 3 reads "on 2026-05-02"), and for a todo the
 *   day it is due (`expiresAt`);
 * - facts: the record's own `facts` when a model gave them at extraction, else the relations
 *   its sentence states (relations.ts), with entity keys.
 *
 * Only hot, current memories have rows: the cold tier is out of normal recall (seed 001 §3.4), a
 * superseded version answers history questions only (seed 003 §4.3), and their keyword copies
 * would otherwise count twice. A value that is not a memory record (a history
 * entry, a trace) has none.
 */
import { type FactRow, type ItemStructure, MAX_DAYS_PER_ITEM } from "../store/contract.js";
import { epochDay } from "../store/item-structure.js";
import { entityKey, type Relation, relationsOf } from "./relations.js";

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/gu;

export function recordStructure(value: Record<string, unknown>): ItemStructure | undefined {
  const { content, observedAt, kind, key, tier, status, expiresAt, facts } = value as {
    content?: unknown;
    status?: unknown;
    observedAt?: unknown;
    kind?: unknown;
    key?: unknown;
    tier?: unknown;
    expiresAt?: unknown;
    facts?: unknown;
  };
  if (typeof content !== "string" || typeof observedAt !== "string" || typeof kind !== "string") return undefined;
  if (typeof key !== "string" || tier === "cold" || status === "superseded") return undefined;
  const days = new Set<number>();
  const said = epochDay(observedAt);
  if (said !== undefined) days.add(said);
  for (const match of content.matchAll(ISO_DAY)) {
    const day = epochDay(match[0]);
    if (day !== undefined && days.size < MAX_DAYS_PER_ITEM) days.add(day);
  }
  if (kind === "todo" && typeof expiresAt === "string") {
    const due = epochDay(expiresAt);
    if (due !== undefined) days.add(due);
  }
  const relations = Array.isArray(facts) ? facts.filter(isRelation) : relationsOf(content);
  return { days: [...days], facts: relations.map(factRow).filter((f): f is FactRow => f !== undefined) };
}

function isRelation(value: unknown): value is Relation {
  const r = value as Partial<Relation>;
  return typeof r?.subject === "string" && typeof r.predicate === "string" && typeof r.object === "string";
}

function factRow(relation: Relation): FactRow | undefined {
  const subjectKey = entityKey(relation.subject);
  // A status is a value, not an entity: kept as said ("closed", "open").
  const objectKey = relation.predicate === "status" ? relation.object.toLowerCase() : entityKey(relation.object);
  if (!subjectKey || !objectKey) return undefined;
  return { ...relation, subjectKey, objectKey };
}
