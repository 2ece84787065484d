/**
 * PostgresStore's WHERE clauses: a namespace prefix as a range on the `COLLATE "C"` key (with
 * the scope when the prefix names one), and a filter on the jsonb value with InMemoryStore's
 * semantics. Both push their parameters onto the caller's list and return SQL text.
 */
import type { Filter } from "./filter.js";
import { encodeNamespace, prefixRange } from "./namespace.js";
import { SCOPE_LABELS } from "./postgres-rows.js";

/**
 * A namespace prefix as SQL on `<alias>.ns`; a prefix of at least SCOPE_LABELS labels also
 * names the scope, so the query reads one scope's rows (one shard on a distributed database).
 * Empty for the empty prefix.
 */
export function prefixSql(alias: string, prefix: string[], params: unknown[]): string {
  const range = prefixRange(prefix);
  if (!range) return "";
  params.push(range[0], range[1]);
  const ns = `${alias}.ns >= $${params.length - 1} AND ${alias}.ns < $${params.length}`;
  if (prefix.length < SCOPE_LABELS) return ns;
  params.push(encodeNamespace(prefix.slice(0, SCOPE_LABELS)));
  return `${alias}.scope = $${params.length} AND ${ns}`;
}

const RANGES = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" } as const;
/** A numeric string as JavaScript's Number() reads it (decimal notation), else NULL. */
const stringNumber = (text: string) => `(CASE
  WHEN btrim(${text}, E' \\t\\n\\r') = '' THEN 0
  WHEN btrim(${text}, E' \\t\\n\\r') ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$'
    THEN btrim(${text}, E' \\t\\n\\r')::float8 END)`;

/**
 * A jsonb value as JavaScript's Number() reads it, NULL where that is NaN: numbers, numeric
 * strings, booleans (0/1), null (0), and arrays of none or one such element ([] is 0, [5] is 5).
 */
const numberOf = (p: string) => `(CASE jsonb_typeof(${p})
  WHEN 'number' THEN (${p})::text::float8
  WHEN 'boolean' THEN (CASE WHEN (${p})::text = 'true' THEN 1 ELSE 0 END)
  WHEN 'null' THEN 0
  WHEN 'string' THEN ${stringNumber(`(${p} #>> '{}')`)}
  WHEN 'array' THEN (CASE jsonb_array_length(${p})
    WHEN 0 THEN 0
    WHEN 1 THEN (CASE jsonb_typeof(${p} -> 0)
      WHEN 'number' THEN (${p} -> 0)::text::float8
      WHEN 'string' THEN ${stringNumber(`(${p} ->> 0)`)}
      WHEN 'null' THEN 0 END) END) END)`;

/**
 * A filter as SQL on a jsonb column, with InMemoryStore's semantics (src/store/filter.ts):
 * equality is JSON equality of primitives (an object or array never equals), `$ne`/`$nin` hold
 * for a missing field, ranges compare numbers (a numeric string, a boolean and null compare as
 * JavaScript's Number() reads them; anything else never matches).
 */
export function filterSql(filter: Filter | undefined, column: string, params: unknown[]): string {
  const clauses: string[] = [];
  const primitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [field, condition] of Object.entries(filter ?? {})) {
    // The field is bound once, when a clause first uses it (an unused parameter has no type).
    let bound: string | undefined;
    const pathOf = () => {
      bound ??= `(${column} -> ${bind(field)}::text)`;
      return bound;
    };
    const eq = (v: unknown) => (primitive(v) ? `${pathOf()} = ${bind(JSON.stringify(v))}::jsonb` : "FALSE");
    const isOperators =
      typeof condition === "object" &&
      condition !== null &&
      !Array.isArray(condition) &&
      Object.keys(condition).length > 0 &&
      Object.keys(condition).every((k) => k.startsWith("$"));
    if (!isOperators) {
      clauses.push(eq(condition));
      continue;
    }
    for (const [op, operand] of Object.entries(condition as Record<string, unknown>)) {
      if (op === "$eq") clauses.push(eq(operand));
      else if (op === "$ne") clauses.push(`COALESCE(NOT (${eq(operand)}), TRUE)`);
      else if (op === "$in") {
        const list = (operand as unknown[]).filter(primitive);
        clauses.push(list.length ? `COALESCE(${list.map(eq).join(" OR ")}, FALSE)` : "FALSE");
      } else if (op === "$nin") {
        const list = (operand as unknown[]).filter(primitive);
        if (list.length) clauses.push(`COALESCE(NOT (${list.map(eq).join(" OR ")}), TRUE)`);
      } else if (op in RANGES) {
        const limit = Number(operand);
        if (Number.isNaN(limit)) {
          clauses.push("FALSE");
          continue;
        }
        const sqlOp = RANGES[op as keyof typeof RANGES];
        const b = `${bind(limit)}::float8`;
        clauses.push(`COALESCE(${numberOf(pathOf())} ${sqlOp} ${b}, FALSE)`);
      }
    }
  }
  return clauses.join(" AND ");
}
