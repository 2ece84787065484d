/**
 * What HNSWStore and PostgresStore are above their backends, written once: every public method
 * checks its input (operations.ts), plans and embeds through the core (core.ts), and hands the
 * backend a checked request to execute. A backend implements the protected hooks: whether it
 * is open, what it needs before a query (a migration), the stored digests of an item's vectors,
 * a planned batch's reads and commit, and its keyword, hybrid, structured and deletion queries.
 */
import {
  BaseStore,
  type Item,
  type Operation,
  type OperationResults,
  type SearchItem,
} from "@langchain/langgraph-checkpoint";
import { InvalidInputError, InvalidOperationError } from "../errors.js";
import type {
  ChangeTracking,
  DayCondition,
  FactHit,
  FactPath,
  HybridHits,
  HybridSearchable,
  ItemRef,
  KeywordSearchOptions,
  StoreIndexConfig,
  StructuredSearchable,
} from "./contract.js";
import { type PlannedBatch, type PlannedPut, StoreCore, type StoreCoreOptions } from "./core.js";
import { encodeNamespace, prefixRange, validateNamespaceLabels } from "./namespace.js";
import {
  type CheckedQuerySearch,
  checkFactPaths,
  checkFactsAbout,
  checkItemsOnDays,
  checkQuerySearch,
  checkSearchOnDays,
  checkSearchWithin,
  type DaysQuery,
  type FactPathsQuery,
  type FactsQuery,
  type SearchOnDaysQuery,
  type SearchWithinQuery,
} from "./operations.js";
import { type RecallFound, type RecallPlan, type RecallPlanning, runRecallPlan } from "./recall-plan.js";

/** A backend's structured queries (contract.ts StructuredSearchable), on checked requests. */
export interface StructureQueries {
  itemsOnDays(query: DaysQuery): ItemRef[] | Promise<ItemRef[]>;
  factsAbout(query: FactsQuery): FactHit[] | Promise<FactHit[]>;
  factPaths(query: FactPathsQuery): Promise<FactPath[]>;
}

/** One lookup of a recall plan's round, checked: both channels, or the keyword channel alone. */
export interface CheckedLookup {
  search: CheckedQuerySearch;
  hybrid: boolean;
  /** Only whether any item is found matters (recall-plan.ts CandidateLookup `probe`). */
  probe: boolean;
}

export abstract class StoreBase
  extends BaseStore
  implements HybridSearchable, StructuredSearchable, ChangeTracking, RecallPlanning
{
  /** Validation, planning, embedding and the query-vector cache. */
  protected readonly core: StoreCore;

  protected constructor(core: StoreCoreOptions) {
    super();
    this.core = new StoreCore(core);
  }

  /** The vector index configuration, as InMemoryStore exposes it. */
  get indexConfig(): StoreIndexConfig | undefined {
    return this.core.index;
  }

  /** @throws when the store is closed. */
  protected abstract checkOpen(): void;
  /** What a query awaits before it touches the backend (a schema migration, or nothing). */
  protected abstract ready(): Promise<void>;
  /** The digests of the vectors stored for each write's item, by field (core.ts StoredTextHashes). */
  protected abstract storedTextHashes(writes: PlannedPut[]): Promise<Map<PlannedPut, Map<string, string>>>;
  /**
   * A planned batch, its writes embedded: the reads (seeing the store as it was before the
   * batch), then the writes in one transaction. Returns the results in operation order.
   */
  protected abstract execute(batch: PlannedBatch, queryVectors: Map<string, Float32Array>): Promise<unknown[]>;
  protected abstract keywordHits(search: CheckedQuerySearch): SearchItem[] | Promise<SearchItem[]>;
  /** Both channels of one search; `queryVector` undefined without an index. */
  protected abstract hybridHits(
    search: CheckedQuerySearch,
    queryVector: Float32Array | undefined,
  ): HybridHits | Promise<HybridHits>;
  protected abstract structureQueries(): StructureQueries;
  protected abstract rankWithin(search: SearchWithinQuery): Promise<HybridHits>;
  protected abstract rankOnDays(search: SearchOnDaysQuery): Promise<{ matched: number; hits: HybridHits }>;
  /** Delete the namespaces whose encoded path lies in `[low, high)` (namespace.ts prefixRange). */
  /** Items of the encoded namespace written at or after `sinceMs`, oldest change first, at most `limit`. */
  protected abstract changedItems(path: string, sinceMs: number, limit: number): Promise<Item[]>;
  protected abstract deleteRange(range: [string, string]): Promise<Array<{ namespace: string[]; items: number }>>;

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    this.checkOpen();
    const batch = await this.core.plan(operations);
    await this.ready();
    const [queryVectors] = await Promise.all([
      this.core.embedQueries(batch.queries),
      this.core.embedWrites(batch.writes, (writes) => this.storedTextHashes(writes)),
    ]);
    this.checkOpen();
    return (await this.execute(batch, queryVectors)) as OperationResults<Op>;
  }

  async keywordSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<SearchItem[]> {
    this.checkOpen();
    const search = checkQuerySearch("keywordSearch", namespacePrefix, query, options);
    await this.ready();
    return this.keywordHits(search);
  }

  /**
   * Vector and keyword search for one query in one call: the query is embedded once (and
   * cached). Each list holds up to `limit` items passing the filter, ranked as `search()` and
   * `keywordSearch()` rank them; `vector` is undefined without an index.
   */
  async hybridSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<HybridHits> {
    this.checkOpen();
    const search = checkQuerySearch("hybridSearch", namespacePrefix, query, options);
    const [queryVector] = await Promise.all([this.core.queryVector(search.query), this.ready()]);
    this.checkOpen();
    return this.hybridHits(search, queryVector);
  }

  /**
   * Every candidate lookup of one recall (recall-plan.ts), in two rounds; each lookup answers as
   * `hybridSearch()` or `keywordSearch()` would.
   */
  async planRecall(plan: RecallPlan): Promise<RecallFound[]> {
    this.checkOpen();
    for (const s of plan.searches) checkQuerySearch("planRecall", s.namespace, s.query, s);
    await this.ready();
    return runRecallPlan(plan, async (lookups) => {
      const checked = lookups.map((l) => ({
        search: checkQuerySearch("planRecall", l.namespace, l.query, l),
        hybrid: l.channels === "hybrid",
        probe: l.probe === true && l.channels === "keyword",
      }));
      const queryVectors = await this.core.embedQueries([
        ...new Set(checked.filter((l) => l.hybrid).map((l) => l.search.query)),
      ]);
      this.checkOpen();
      return this.lookupRound(checked, queryVectors);
    });
  }

  /**
   * A round of a recall plan, in order: by default a call per lookup, as `hybridSearch()` and
   * `keywordSearch()` make them. `queryVectors` holds the hybrid lookups' (none without an index).
   */
  protected async lookupRound(
    lookups: CheckedLookup[],
    queryVectors: Map<string, Float32Array>,
  ): Promise<HybridHits[]> {
    const hits: HybridHits[] = [];
    for (const { search, hybrid } of lookups)
      hits.push(
        hybrid
          ? await this.hybridHits(search, queryVectors.get(search.query))
          : { keyword: await this.keywordHits(search) },
      );
    return hits;
  }

  // ---- structured queries (contract.ts StructuredSearchable) -------------------------------

  async itemsOnDays(
    namespacePrefix: string[],
    days: DayCondition,
    options: { limit: number; namespaces?: string[][] },
  ): Promise<ItemRef[]> {
    this.checkOpen();
    const query = checkItemsOnDays(namespacePrefix, days, options);
    await this.ready();
    return this.structureQueries().itemsOnDays(query);
  }

  async factsAbout(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicate?: string; namespaces?: string[][] },
  ): Promise<FactHit[]> {
    this.checkOpen();
    const query = checkFactsAbout(namespacePrefix, entityKeys, options);
    await this.ready();
    return this.structureQueries().factsAbout(query);
  }

  async factPaths(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicates?: string[]; namespaces?: string[][] },
  ): Promise<FactPath[]> {
    this.checkOpen();
    const query = checkFactPaths(namespacePrefix, entityKeys, options);
    await this.ready();
    return this.structureQueries().factPaths(query);
  }

  async searchWithin(
    items: ItemRef[],
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<HybridHits> {
    this.checkOpen();
    const search = checkSearchWithin(items, query, options);
    await this.ready();
    return this.rankWithin(search);
  }

  async searchOnDays(
    namespaces: string[][],
    days: DayCondition,
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<{ matched: number; hits: HybridHits }> {
    this.checkOpen();
    const search = checkSearchOnDays(namespaces, days, query, options);
    await this.ready();
    return this.rankOnDays(search);
  }

  /**
   * Delete every namespace under `namespacePrefix` (matched label by label) with all its items,
   * vectors, keyword and structured rows, in one transaction: what forgetting a user needs,
   * without listing their items first. Returns what went, per namespace.
   * @throws {InvalidOperationError} for the empty prefix (it would delete the whole store).
   * @example
   * declare const store: StoreBase;
   * await store.deletePrefix(["memory", "acme", "u1"]); // [{ namespace: [..., "records"], items: 12 }, ...]
   */
  async deletePrefix(namespacePrefix: string[]): Promise<Array<{ namespace: string[]; items: number }>> {
    this.checkOpen();
    const range = prefixRange(validateNamespaceLabels(namespacePrefix, "namespace prefix"));
    if (!range) throw new InvalidOperationError("deletePrefix() needs a non-empty namespace prefix.");
    await this.ready();
    return this.deleteRange(range);
  }

  /**
   * The items of exactly `namespace` written at or after `since` (this store's clock), oldest
   * change first, at most `limit` (ChangeTracking).
   * @throws {InvalidInputError} for an invalid time or limit.
   * @example
   * declare const store: StoreBase;
   * await store.changedSince(["memory", "_default", "u1", "records"], new Date(Date.now() - 60_000), { limit: 1000 });
   */
  async changedSince(namespace: string[], since: Date, options: { limit: number }): Promise<Item[]> {
    this.checkOpen();
    const path = encodeNamespace(validateNamespaceLabels(namespace, "namespace"));
    if (!(since instanceof Date) || Number.isNaN(since.getTime()))
      throw new InvalidInputError("changedSince() expects a valid Date.", { field: "since" });
    const limit = options?.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGED_ITEMS) {
      throw new InvalidInputError(`changedSince() expects a limit of 1 to ${MAX_CHANGED_ITEMS}.`, {
        field: "limit",
        expected: `an integer from 1 to ${MAX_CHANGED_ITEMS}`,
        received: String(limit),
      });
    }
    await this.ready();
    return this.changedItems(path, since.getTime(), limit);
  }
}

/** Most items one changedSince() call returns (bounded work per request). */
export const MAX_CHANGED_ITEMS = 100_000;
