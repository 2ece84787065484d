/**
 * One queue per memory scope and store: the commits to a user's memory run one after another.
 *
 * Why: a write is a read-modify-write across store batches (the write graph reads the records
 * a candidate conflicts with, then commits; recall bookkeeping reads the injected records, then
 * bumps their counters). Two of them interleaved on one scope could commit a stale copy over a
 * newer one, or two new values of one key decided against the same old state. Serialising the
 * commits per scope, and re-deciding a write whose basis changed (see `generation`), rules that
 * out inside one process (HNSWStore allows one process per directory); scopes do not wait for
 * each other.
 *
 * Recall bookkeeping (trace + usage counters) is gathered in the background (`gather`): `recall()`
 * returns as soon as its block is ready, a scope's gathered items are committed together at most
 * GATHER_MS later (or once GATHER_MAX wait), and the next write, `trace()`, `settled()` or
 * `close()` of the scope commits them first; the next `recall()` waits only for the scope's changes.
 */

import { isScopeLocking, type ScopeLocking } from "./store/contract.js";

/** The first background failures, kept for {@link ScopeQueue.settled}. */
const MAX_KEPT_ERRORS = 20;
/** Gathered background items wait at most this long before they are committed (the durability window). */
export const GATHER_MS = 250;
/** A scope's gathered items are committed as soon as this many wait. */
export const GATHER_MAX = 64;

interface Gathered {
  items: unknown[];
  commit: (items: unknown[]) => Promise<void>;
  timer: NodeJS.Timeout;
}

export class ScopeQueue {
  /** The cross-process lock of a shared store, taken for every task. */
  constructor(private readonly lock?: ScopeLocking) {}

  private readonly tails = new Map<string, Promise<void>>();
  /** The last task of each scope that is not background bookkeeping (see {@link changes}). */
  private readonly writeTails = new Map<string, Promise<void>>();
  private readonly generations = new Map<string, number>();
  private readonly gathered = new Map<string, Gathered>();
  private errors: unknown[] = [];

  /**
   * How many record-changing commits the scope has had in this process: a decision made at
   * generation g is still valid at commit time when the generation is still g.
   */
  generation(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  /**
   * True when a decision made at generation `basis` still holds: nothing committed to the scope
   * since. Never true on a shared store, whose other processes commit without this queue knowing.
   */
  isCurrent(key: string, basis: number | undefined): boolean {
    return !this.lock && this.generation(key) === basis;
  }

  /** Count one record-changing commit of the scope (call it inside the scope's queue). */
  bump(key: string): void {
    this.generations.set(key, this.generation(key) + 1);
  }

  /**
   * Run `task` after every earlier task of the scope; its result or error goes to the caller.
   * @example
   * const queue = new ScopeQueue();
   * const out = await queue.run(scopeKey({ userId: "u1" }), async () => "written"); // "written"
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    this.release(key);
    const result = this.queue(key, task);
    this.setTail(this.writeTails, key, result);
    return result;
  }

  private queue<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const lock = this.lock;
    const result = previous.then(lock ? () => lock.withScopeLock(key, task) : task);
    this.setTail(this.tails, key, result);
    return result;
  }

  /**
   * Run `task` in the background after every earlier task of the scope, and no sooner than the
   * event loop's next turn: the caller's answer is delivered first, whatever `await`s it still
   * passes through. A failure is kept for {@link settled}.
   */
  defer(key: string, task: () => Promise<void>): void {
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    this.queue(key, () => nextTurn().then(task)).catch((error: unknown) => {
      if (this.errors.length < MAX_KEPT_ERRORS) this.errors.push(error);
    });
  }

  /**
   * Gather `item` for one background commit of the scope: `commit` runs once over every item
   * gathered (in order), as a {@link defer}red task, GATHER_MS after the first one or as soon as
   * GATHER_MAX wait, and before the scope's next queued task, {@link idle} or {@link settled}.
   * Items gathered with another `commit` function start a group of their own.
   */
  gather<T>(key: string, item: T, commit: (items: T[]) => Promise<void>): void {
    let group = this.gathered.get(key);
    if (group && group.commit !== commit) {
      this.release(key);
      group = undefined;
    }
    if (!group) {
      const timer = setTimeout(() => this.release(key), GATHER_MS);
      // A pending commit does not keep the process alive; close() and settled() commit it.
      timer.unref();
      group = { items: [], commit: commit as (items: unknown[]) => Promise<void>, timer };
      this.gathered.set(key, group);
    }
    group.items.push(item);
    if (group.items.length >= GATHER_MAX) this.release(key);
  }

  /** Queue the scope's gathered items (every scope's when `key` is omitted) for their commit. */
  private release(key?: string): void {
    for (const k of key === undefined ? [...this.gathered.keys()] : [key]) {
      const group = this.gathered.get(k);
      if (!group) continue;
      this.gathered.delete(k);
      clearTimeout(group.timer);
      this.defer(k, () => group.commit(group.items));
    }
  }

  /** Resolves when the scope's queued tasks (all scopes' when `key` is omitted) have finished. */
  async idle(key?: string): Promise<void> {
    this.release(key);
    if (key !== undefined) {
      await this.tails.get(key);
      return;
    }
    // Tasks queued while waiting are waited for too.
    while (this.tails.size > 0 || this.gathered.size > 0) {
      this.release();
      await Promise.all(this.tails.values());
    }
  }

  /**
   * Resolves when the scope's queued changes have finished: every task but background
   * bookkeeping (a recall's trace and usage counters), which a read need not wait for, and which
   * may itself wait behind another scope's long commit on the store.
   */
  async changes(key: string): Promise<void> {
    await this.writeTails.get(key);
  }

  /**
   * Wait for every queued task, then throw what background tasks failed with since the last
   * call (the error itself when there was one, else an AggregateError).
   */
  async settled(): Promise<void> {
    await this.idle();
    const errors = this.errors;
    this.errors = [];
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} background memory writes failed.`);
  }

  private setTail(tails: Map<string, Promise<void>>, key: string, result: Promise<unknown>): void {
    // The tail never rejects (a failed task does not block the next one) and is dropped once
    // it is the last, so the map only holds scopes with work in flight.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
  }
}

/** The queue key of a scope. */
export function scopeKey(scope: { userId: string; tenantId?: string | null }): string {
  return JSON.stringify([scope.tenantId ?? null, scope.userId]);
}

const queues = new WeakMap<object, ScopeQueue>();

/**
 * The queue of a store: every writer of that store in this process (the facade, a compiled
 * write graph in an agent, a subgraph, recall bookkeeping) serialises a scope's commits on it,
 * so two writes of one user never commit decisions made against the same old state.
 * @example
 * import type { BaseStore } from "@langchain/langgraph";
 * declare const store: BaseStore;
 * declare const commit: () => Promise<void>;
 * await scopeQueueFor(store).run(scopeKey({ userId: "u1" }), () => commit());
 */
export function scopeQueueFor(store: object): ScopeQueue {
  let queue = queues.get(store);
  if (!queue) {
    queue = new ScopeQueue(isScopeLocking(store) ? store : undefined);
    queues.set(store, queue);
  }
  return queue;
}
