/**
 * One active value per key, the newest valid one; expired values leave (seed 000 检索).
 */
import { dedupeKeys } from "../../src/recall/dedupe.js";
import { type ReadNode, requestOf } from "../../src/recall/state.js";

export function createDedupeKeysNode(): ReadNode<"request" | "candidates", "candidates"> {
  return async (state) => ({ candidates: dedupeKeys(state.candidates, new Date(requestOf(state).now)) });
}
