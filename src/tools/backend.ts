/**
 * What the memory tools use of the facade. A `Memory` from `createMemory()` has all of it; the
 * tools reach the store only through these calls, so every change goes through the write rules,
 * the audited delete and the scope's queue.
 */
import { InvalidConfigError } from "../errors.js";
import type { Forgetter } from "../forget/forgetter.js";
import type { Reader } from "../recall/reader.js";
import type { Writer } from "../write/writer.js";

export type MemoryToolsBackend = Pick<Writer, "remember" | "revise" | "get" | "pending"> &
  Pick<Reader, "recall"> &
  Pick<Forgetter, "delete">;

/**
 * @throws {InvalidConfigError} when `memory` lacks a call the tool needs.
 */
export function requireBackend<K extends keyof MemoryToolsBackend>(
  memory: unknown,
  calls: readonly K[],
  factory: string,
): Pick<MemoryToolsBackend, K> {
  const missing = calls.filter((call) => typeof (memory as Record<string, unknown> | null)?.[call] !== "function");
  if (missing.length > 0) {
    throw new InvalidConfigError(
      `${factory}(memory) needs the Memory returned by createMemory(); received a value without ${missing.join(", ")}().`,
      { field: "memory" },
    );
  }
  return memory as Pick<MemoryToolsBackend, K>;
}
