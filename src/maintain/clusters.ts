/**
 * Cluster dedupe (seed 002 §4.2 聚类去重): active memories of one group (one topic, one speaker,
 * src/maintain/rules.ts `groupOf`) whose sentences are nearer than the threshold by cosine
 * similarity, on the same key or of the same kind and stance, merge into the most confident
 * one: 用户喜欢喝美式咖啡 + 用户喜欢喝美式咖啡不加糖 → one memory, its uses and sources added.
 * Statements about two people (two keys' subjects) or by two speakers are never compared, and
 * two that name different dates or numbers (city 3, city 4) are two facts, not one.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { MemoryRecord, MemorySource } from "../schema.js";
import { cosine } from "../store/vectors.js";
import { analyzeStatement } from "../write/conflict/analyze.js";
import { yieldIfDue } from "../yield.js";
import { groupOf, isSummary } from "./rules.js";

/**
 * Not from a seed: a bound on the pairs compared per group (n² / 2), the most recent memories
 * of a larger group being the ones compared.
 */
export const MAX_GROUP_SIZE = 400;
const EMBED_CHUNK = 256;

export interface Cluster {
  target: MemoryRecord;
  duplicates: MemoryRecord[];
}

/** The clusters of near-duplicates among `records` (active memories of the user). */
export async function findClusters(
  records: readonly MemoryRecord[],
  embeddings: EmbeddingsInterface,
  threshold: number,
): Promise<Cluster[]> {
  const groups = new Map<string, MemoryRecord[]>();
  for (const record of records) {
    if (record.status !== "active" || isSummary(record)) continue;
    const group = groups.get(groupOf(record)) ?? [];
    group.push(record);
    groups.set(groupOf(record), group);
  }
  const compared = [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) =>
      group
        .sort((a, b) => b.observedAt.localeCompare(a.observedAt) || a.id.localeCompare(b.id))
        .slice(0, MAX_GROUP_SIZE)
        .sort(byMergePriority),
    );
  const texts = compared.flat().map((record) => record.content);
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += EMBED_CHUNK) {
    vectors.push(...(await embeddings.embedDocuments(texts.slice(start, start + EMBED_CHUNK))));
  }
  const clusters: Cluster[] = [];
  let offset = 0;
  for (const group of compared) {
    const readings = group.map((record) => analyzeStatement(record.content));
    const assigned = new Set<number>();
    for (let i = 0; i < group.length; i++) {
      if (assigned.has(i)) continue;
      const duplicates: MemoryRecord[] = [];
      for (let j = i + 1; j < group.length; j++) {
        if (assigned.has(j)) continue;
        const a = group[i]!;
        const b = group[j]!;
        const comparable =
          (a.key === b.key || (a.kind === b.kind && readings[i]!.stance === readings[j]!.stance)) &&
          sameSet(readings[i]!.details, readings[j]!.details);
        if (!comparable || cosine(vectors[offset + i]!, vectors[offset + j]!) <= threshold) continue;
        assigned.add(j);
        duplicates.push(b);
      }
      if (duplicates.length > 0) clusters.push({ target: group[i]!, duplicates });
    }
    offset += group.length;
    await yieldIfDue();
  }
  return clusters;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/** The merge target first: most confident, then most used, then most recent. */
function byMergePriority(a: MemoryRecord, b: MemoryRecord): number {
  return (
    b.confidence - a.confidence ||
    b.accessCount - a.accessCount ||
    b.observedAt.localeCompare(a.observedAt) ||
    a.id.localeCompare(b.id)
  );
}

/** The target after absorbing its duplicates: their uses and sources added, the latest times kept. */
export function mergedTarget(cluster: Cluster, now: string): MemoryRecord {
  const all = [cluster.target, ...cluster.duplicates];
  const hints = [...new Set(all.flatMap((record) => record.retrievalHints ?? []))].slice(0, 20);
  return {
    ...cluster.target,
    importance: Math.max(...all.map((record) => record.importance)),
    accessCount: all.reduce((sum, record) => sum + record.accessCount, 0),
    source: { ...withoutCount(cluster.target.source), ...unitedSource(all) },
    observedAt: latest(all.map((record) => record.observedAt)),
    lastAccessedAt: latest(all.map((record) => record.lastAccessedAt)),
    updatedAt: now,
    ...(hints.length > 0 ? { retrievalHints: hints } : {}),
  };
}

/**
 * A record lists at most this many of its source messages (its own first, then in the order of
 * the parts it absorbed); when it stands for more, `messageCount` says how many, each pass's
 * history entry lists the ids that pass folded in, and the superseded parts keep their own.
 * Recall reads every candidate's whole record: a summary listing the union of thousands of
 * details made each recall that ranked one slower (bench:maintain, 100k memories in one scope:
 * p50 11.9 ms before a pass, 16.7 ms after).
 */
export const MAX_SOURCE_IDS = 100;

/** The parts' sources united: at most MAX_SOURCE_IDS listed, the rest counted. */
export function unitedSource(parts: readonly MemoryRecord[]): Pick<MemorySource, "messageIds" | "messageCount"> {
  const ids = new Set<string>();
  let unlisted = 0;
  for (const part of parts) {
    for (const id of part.source.messageIds) ids.add(id);
    unlisted += Math.max(0, (part.source.messageCount ?? 0) - part.source.messageIds.length);
  }
  const messageIds = [...ids].slice(0, MAX_SOURCE_IDS);
  const count = ids.size + unlisted;
  return count > messageIds.length ? { messageIds, messageCount: count } : { messageIds };
}

function withoutCount(source: MemorySource): MemorySource {
  const { messageCount: _, ...rest } = source;
  return rest;
}

export function latest(times: readonly string[]): string {
  return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}
