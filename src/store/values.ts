/**
 * What the store accepts as a value: a plain JSON object that survives `JSON.stringify` /
 * `JSON.parse` unchanged, under a size limit. Anything else is refused before a write starts,
 * so a bad value in a batch leaves the store untouched.
 */
import { InvalidValueError, ValueTooLargeError } from "../errors.js";

/** @default 512 KiB — a memory record is a few hundred bytes; this is a guard, not a budget. */
export const DEFAULT_MAX_VALUE_BYTES = 512 * 1024;

export function serializeValue(value: unknown, maxBytes: number, where: string): string {
  if (value === null || typeof value !== "object" || Array.isArray(value) || !isPlainObject(value)) {
    throw new InvalidValueError(`${where}: expected a plain JSON object as value, received ${describeType(value)}.`, { where });
  }
  checkJson(value, "value", new Set(), where);
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) throw new ValueTooLargeError(bytes, maxBytes, { where });
  return text;
}

function checkJson(value: unknown, path: string, seen: Set<object>, where: string): void {
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (!Number.isFinite(value)) {
        throw new InvalidValueError(`${where}: ${path} is ${value}, which JSON cannot represent.`, { where, path });
      }
      return;
    case "object": {
      if (value === null) return;
      if (seen.has(value)) throw new InvalidValueError(`${where}: ${path} is a circular reference.`, { where, path });
      if (!Array.isArray(value) && !isPlainObject(value)) {
        throw new InvalidValueError(`${where}: ${path} is ${describeType(value)}; only plain objects, arrays and primitives are stored.`, {
          where,
          path,
        });
      }
      seen.add(value);
      if (Array.isArray(value)) value.forEach((item, i) => checkJson(item, `${path}[${i}]`, seen, where));
      else for (const [k, v] of Object.entries(value)) if (v !== undefined) checkJson(v, `${path}.${k}`, seen, where);
      seen.delete(value);
      return;
    }
    default:
      throw new InvalidValueError(`${where}: ${path} is a ${typeof value}, which JSON cannot represent.`, { where, path });
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return `an instance of ${value.constructor?.name ?? "an unknown class"}`;
  return `a ${typeof value}`;
}
