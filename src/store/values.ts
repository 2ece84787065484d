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
    throw new InvalidValueError(`${where}: expected a plain JSON object as value, received ${describeType(value)}.`, {
      where,
    });
  }
  checkJson(value, "value", new Set(), where);
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) throw new ValueTooLargeError(bytes, maxBytes, { where });
  return text;
}

/**
 * Throw InvalidValueError at the first part of `value` JSON cannot represent. The path to it is
 * built only on the way out of a failure: building it for every node cost more than the check
 * (a recall's trace has a few hundred nodes).
 */
function checkJson(value: unknown, root: string, seen: Set<object>, where: string): void {
  const failure = findNonJson(value, seen);
  if (!failure) return;
  const path = root + failure.path.reverse().join("");
  throw new InvalidValueError(`${where}: ${path} ${failure.reason}`, { where, path });
}

interface NonJson {
  /** Segments from the failing node up to the root (`.key`, `[i]`). */
  path: string[];
  reason: string;
}

function findNonJson(value: unknown, seen: Set<object>): NonJson | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : { path: [], reason: `is ${value}, which JSON cannot represent.` };
    case "object": {
      if (value === null) return undefined;
      if (seen.has(value)) return { path: [], reason: "is a circular reference." };
      if (!Array.isArray(value) && !isPlainObject(value)) {
        return { path: [], reason: `is ${describeType(value)}; only plain objects, arrays and primitives are stored.` };
      }
      seen.add(value);
      let failure: NonJson | undefined;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length && !failure; i++) {
          failure = findNonJson(value[i], seen);
          failure?.path.push(`[${i}]`);
        }
      } else {
        for (const k in value) {
          const v = (value as Record<string, unknown>)[k];
          if (v === undefined) continue;
          failure = findNonJson(v, seen);
          if (failure) {
            failure.path.push(`.${k}`);
            break;
          }
        }
      }
      seen.delete(value);
      return failure;
    }
    default:
      return { path: [], reason: `is a ${typeof value}, which JSON cannot represent.` };
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
