/**
 * Search filters with the semantics of LangGraph's InMemoryStore: a top-level field equals a
 * value, or satisfies operators `$eq $ne $gt $gte $lt $lte $in $nin`. Unknown operators are
 * refused up front instead of silently matching nothing.
 */
import { InvalidOperationError } from "../errors.js";

const OPERATORS = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin"]);

export type Filter = Record<string, unknown>;

export function validateFilter(filter: unknown): Filter | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter !== "object" || Array.isArray(filter)) {
    throw new InvalidOperationError(
      `Expected filter to be an object of field conditions, received ${JSON.stringify(filter)}.`,
    );
  }
  for (const [field, condition] of Object.entries(filter)) {
    if (isOperatorObject(condition)) {
      for (const [op, operand] of Object.entries(condition)) {
        if (!OPERATORS.has(op)) {
          throw new InvalidOperationError(
            `Unknown filter operator '${op}' on field '${field}'; expected one of ${[...OPERATORS].join(" ")}.`,
          );
        }
        if ((op === "$in" || op === "$nin") && !Array.isArray(operand)) {
          throw new InvalidOperationError(
            `Filter operator '${op}' on field '${field}' expects an array, received ${JSON.stringify(operand)}.`,
          );
        }
      }
    }
  }
  return filter as Filter;
}

function isOperatorObject(condition: unknown): condition is Record<string, unknown> {
  return (
    typeof condition === "object" &&
    condition !== null &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((k) => k.startsWith("$"))
  );
}

export function matchesFilter(value: Record<string, unknown>, filter: Filter | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, condition]) => matchesCondition(value[field], condition));
}

/** One field's condition, judged on the field's value (`undefined` when absent). */
export function matchesCondition(actual: unknown, condition: unknown): boolean {
  if (!isOperatorObject(condition)) return actual === condition;
  return Object.entries(condition).every(([op, operand]) => {
    switch (op) {
      case "$eq":
        return actual === operand;
      case "$ne":
        return actual !== operand;
      case "$gt":
        return Number(actual) > Number(operand);
      case "$gte":
        return Number(actual) >= Number(operand);
      case "$lt":
        return Number(actual) < Number(operand);
      case "$lte":
        return Number(actual) <= Number(operand);
      case "$in":
        return (operand as unknown[]).includes(actual);
      case "$nin":
        return !(operand as unknown[]).includes(actual);
      default:
        return false;
    }
  });
}

const RANGE_OPERATORS = [
  ["$gt", ">"],
  ["$gte", ">="],
  ["$lt", "<"],
  ["$lte", "<="],
] as const;

/**
 * The part of a filter SQLite can check itself: plain equality, `$eq` and `$in` on strings and
 * finite numbers of simple top-level fields, and ranges on fields that hold numbers. It only narrows the rows read; `matchesFilter`
 * still has the last word, so a condition left out here is never lost.
 */
export function filterToSql(
  filter: Filter | undefined,
  column: string,
): { sql: string; params: Array<string | number> } {
  const clauses: string[] = [];
  const params: Array<string | number> = [];
  const bindable = (v: unknown): v is string | number =>
    typeof v === "string" || (typeof v === "number" && Number.isFinite(v));
  for (const [field, condition] of Object.entries(filter ?? {})) {
    if (!/^[A-Za-z0-9_]+$/.test(field)) continue;
    const path = `json_extract(${column}, '$.${field}')`;
    if (bindable(condition)) {
      clauses.push(`${path} = ?`);
      params.push(condition);
    } else if (isOperatorObject(condition)) {
      if (bindable(condition.$eq)) {
        clauses.push(`${path} = ?`);
        params.push(condition.$eq);
      }
      const list = condition.$in;
      if (Array.isArray(list) && list.length > 0 && list.length <= 100 && list.every(bindable)) {
        clauses.push(`${path} IN (${list.map(() => "?").join(", ")})`);
        params.push(...list);
      }
      // Ranges compare Number(actual) in JS, which also accepts numeric strings, booleans and
      // null: SQL judges only the rows whose field is a JSON number and lets every other row
      // through to matchesFilter.
      for (const [op, sqlOp] of RANGE_OPERATORS) {
        if (!(op in condition)) continue;
        const bound = Number(condition[op]);
        if (!Number.isFinite(bound)) continue;
        clauses.push(`(json_type(${column}, '$.${field}') NOT IN ('integer', 'real') OR ${path} ${sqlOp} ?)`);
        params.push(bound);
      }
    }
  }
  return { sql: clauses.join(" AND "), params };
}
