/**
 * Cooperative scheduling: long work hands the event loop back every few milliseconds, so one
 * user's large write never holds up another user's recall for longer than a slice.
 *
 * The slice clock is shared by every yield point in the process: work that passes from one step
 * to the next (each awaiting only promises that resolve at once, which never lets timers or I/O
 * run) still yields once the slice is used up, wherever it is. Interactive work has a clock of its
 * own, restarted when background work stops at a yield point, so a recall woken by its timer
 * does not pay for the slice a write just used.
 */

import { AsyncLocalStorage } from "node:async_hooks";

/** How long synchronous work may run before a yield point hands the event loop back. */
export const SLICE_MS = 8;

let sliceStarted = performance.now();
let interactiveStarted = sliceStarted;

// Work waiting for its next slice. Each turn of the event loop resumes one waiting piece of
// interactive work (a recall) and one of background work (a remember; see `inBackground`), each
// first come first served: timers and I/O run between any two slices however many pieces are in
// flight, and a recall never queues behind writes.
const lane = new AsyncLocalStorage<"background">();
const interactive: Array<() => void> = [];
const background: Array<() => void> = [];
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    sliceStarted = performance.now();
    interactiveStarted = sliceStarted;
    interactive.shift()?.();
    background.shift()?.();
    if (interactive.length > 0 || background.length > 0) schedule();
  });
}

/**
 * Run `work` as background work: at its yield points it waits behind interactive work (recalls)
 * and takes turns with other background work.
 * @example
 * import type { Memory } from "./memory.js";
 * declare const memory: Memory;
 * const scope = { userId: "u1" };
 * await inBackground(() => memory.remember({ scope, messages: [{ role: "user", content: "我不吃香菜" }] }));
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return lane.run("background", work);
}

/**
 * A yield point: nothing (undefined) while the current slice has time left, otherwise a
 * promise that resolves on a later turn of the event loop (`setImmediate`), starting a new
 * slice. Each turn resumes one waiting piece of interactive work and one of background work,
 * each in the order they waited.
 * @example
 * declare const items: string[];
 * declare function work(item: string): void;
 * for (const item of items) {
 *   work(item);
 *   await yieldIfDue();
 * }
 */
export function yieldIfDue(budgetMs = SLICE_MS): Promise<void> | undefined {
  const inBackgroundLane = lane.getStore() === "background";
  const now = performance.now();
  if (now - (inBackgroundLane ? sliceStarted : interactiveStarted) < budgetMs) return undefined;
  // A background piece stops here: interactive work that runs next (a recall woken by its timer)
  // starts a slice of its own. Interactive pieces share theirs, so many at once still stop in turn.
  if (inBackgroundLane) interactiveStarted = now;
  const queue = inBackgroundLane ? background : interactive;
  return new Promise<void>((resolve) => {
    queue.push(resolve);
    schedule();
  });
}

/** The same, as a function to call in a loop (kept for call sites that pass it around). */
export function slices(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  return () => yieldIfDue(budgetMs);
}
