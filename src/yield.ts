/**
 * Cooperative scheduling: long work hands the event loop back every few milliseconds, so one
 * user's large write never holds up another user's recall for longer than a slice.
 *
 * The slice clock is shared by every yield point in the process: work that passes from one step
 * to the next (each awaiting only promises that resolve at once, which never lets timers or I/O
 * run) still yields once the slice is used up, wherever it is.
 */

/** How long synchronous work may run before a yield point hands the event loop back. */
export const SLICE_MS = 8;

let sliceStarted = performance.now();

/**
 * A yield point: nothing (undefined) while the current slice has time left, otherwise a
 * promise that resolves on the event loop's next turn (`setImmediate`), starting a new slice.
 * @example
 * for (const item of items) {
 *   work(item);
 *   await yieldIfDue();
 * }
 */
export function yieldIfDue(budgetMs = SLICE_MS): Promise<void> | undefined {
  if (performance.now() - sliceStarted < budgetMs) return undefined;
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      sliceStarted = performance.now();
      resolve();
    }),
  );
}

/** The same, as a function to call in a loop (kept for call sites that pass it around). */
export function slices(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  return () => yieldIfDue(budgetMs);
}
