/**
 * Layered compression (seed 002 §4.2 分层压缩): over the per-scope cap of active details, the
 * lowest-priority details of one topic are summarised into one summary memory that supersedes
 * them ("8 条低优先级明细 → 4 条明细 + 1 条摘要"). Priority is the decay score (src/maintain/
 * rules.ts): unsure, unimportant, long-unused details go first. A topic's earlier summary is
 * folded into the new one, so each topic and speaker keeps one summary. The summary keeps the
 * union of its details' sources (at most MAX_SOURCE_IDS listed on the record, the rest counted
 * and listed in the pass's history entry); the details stay, superseded, for history.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { z } from "zod";
import { type MemoryKind, type MemoryRecord, SENSITIVITIES, type SourceType } from "../schema.js";
import { detectLanguage } from "../text/tokenizer.js";
import { sourceRank } from "../write/conflict/precedence.js";
import { newRecordId } from "../write/records.js";
import { latest, unitedSource } from "./clusters.js";
import type { MaintenanceConfig } from "./config.js";
import { decayScore, groupOf, isSummary, SUMMARY_SEGMENT, topicOf } from "./rules.js";

/** The details of one topic to summarise, and the topic's current summary if it has one. */
export interface CompressionGroup {
  topic: string;
  details: MemoryRecord[];
  previous?: MemoryRecord;
}

/**
 * Which details to compress: `excess` = active details − cap; topics are taken in the order of
 * their lowest-priority detail, each giving up its lowest min(size, max(2, excess)) details
 * (one detail alone is not compressed), until the details fit under the cap. `detailTotal`: the
 * scope's active details when `records` holds only some groups (an incremental pass's, which
 * holds every group with two or more compressible details).
 */
export function planCompression(
  records: readonly MemoryRecord[],
  config: MaintenanceConfig,
  now: Date,
  detailTotal?: number,
): CompressionGroup[] {
  const active = records.filter((record) => record.status === "active" && record.about !== "conversation");
  const details = active.filter((record) => !isSummary(record));
  let excess = (detailTotal ?? details.length) - config.maxActive;
  if (excess <= 0) return [];
  const summaries = new Map(active.filter(isSummary).map((record) => [groupOf(record), record]));
  const priority = new Map(details.map((record) => [record.id, decayScore(record, config.lambda, now)]));
  const byPriority = (a: MemoryRecord, b: MemoryRecord) =>
    priority.get(a.id)! - priority.get(b.id)! || a.id.localeCompare(b.id);
  const groups = new Map<string, MemoryRecord[]>();
  for (const record of details.filter((r) => !config.protectedKinds.has(r.kind)).sort(byPriority)) {
    const group = groups.get(groupOf(record)) ?? [];
    group.push(record);
    groups.set(groupOf(record), group);
  }
  const plan: CompressionGroup[] = [];
  for (const [group, members] of groups) {
    if (excess <= 0) break;
    if (members.length < 2) continue;
    const taken = members.slice(0, Math.min(members.length, Math.max(2, excess)));
    excess -= taken.length;
    const previous = summaries.get(group);
    plan.push({ topic: topicOf(taken[0]!.key), details: taken, ...(previous ? { previous } : {}) });
  }
  return plan;
}

/**
 * A summary is what recall can afford to inject for a topic (seed 002 §4.2: 8 → 4 + 1): at most
 * this many characters, the rest of its details counted ("and 37 more") and kept, superseded,
 * for history questions. Longer summaries made every recall that ranked one slower to budget,
 * render and trace (bench:maintain), for words the budget would mostly drop anyway.
 */
const MAX_CONTENT = 600;
/** Details one model call may read; a larger group is summarised extractively (bounded prompts). */
export const MAX_MODEL_PARTS = 40;

const SummarySchema = z.object({ summary: z.string().trim().min(1).max(MAX_CONTENT) });

const SUMMARY_INSTRUCTIONS = `You compress a user's old, rarely used memories about one topic into ONE memory.
Write one or two sentences, in the language of the memories, third person ("The user …" / "用户…"),
keeping every distinct fact (names, numbers, dates, likes and dislikes) and inventing nothing.`;

/**
 * The summary's sentence: one model call when a model is configured (validated; any failure
 * falls back), else extractive: the details' own sentences joined, as the seed's
 * "（历史记忆摘要）曾经记录过：…".
 */
export async function summarise(
  parts: readonly MemoryRecord[],
  model: BaseChatModel | undefined,
): Promise<{ content: string; by: "model" | "extractive" }> {
  if (model && typeof model.withStructuredOutput === "function" && parts.length <= MAX_MODEL_PARTS) {
    try {
      const structured = model.withStructuredOutput(SummarySchema, { name: "summarise_memories" });
      const lines = parts.map((part, i) => `${i + 1}. (${part.kind}, ${part.observedAt.slice(0, 10)}) ${part.content}`);
      const reply = await structured.invoke(
        [new SystemMessage(SUMMARY_INSTRUCTIONS), new HumanMessage(lines.join("\n"))],
        { runName: "memory_summarise", tags: ["langsmith:nostream"] },
      );
      const parsed = SummarySchema.safeParse(reply);
      if (parsed.success) return { content: parsed.data.summary, by: "model" };
    } catch {
      // The extractive summary below loses nothing the details said.
    }
  }
  return { content: extractive(parts), by: "extractive" };
}

const HEAD = { zh: "（历史记忆摘要）曾经记录过：", en: "Summary of earlier memories: " };
const SEPARATOR = { zh: "；", en: "; " };
/** The count an extractive summary ends with: "；等 37 条" / "; and 37 more". */
const COUNTED = /(?:；等 (\d+) 条|; and (\d+) more)$/;

/**
 * The details' own sentences after the head, as many as fit, the rest counted. A topic's earlier
 * summary is unfolded, not nested: its sentences follow the new details' and its count carries.
 */
function extractive(parts: readonly MemoryRecord[]): string {
  const lang = detectLanguage(parts.map((part) => part.content).join(" ")) === "zh" ? "zh" : "en";
  const separator = SEPARATOR[lang];
  let carried = 0;
  const sentences = parts.flatMap((part) => {
    if (!isSummary(part)) return [withoutEndMark(part.content)];
    const { items, more } = unfolded(part.content);
    carried += more;
    return items.map(withoutEndMark);
  });
  const counted = (rest: number) => (lang === "zh" ? `${separator}等 ${rest} 条` : `${separator}and ${rest} more`);
  let text = HEAD[lang];
  for (let i = 0; i < sentences.length; i++) {
    const rest = sentences.length - i + carried;
    const next = `${text}${i > 0 ? separator : ""}${sentences[i]}`;
    if (next.length + (rest > 1 ? counted(rest).length : 0) > MAX_CONTENT)
      return `${text}${counted(rest)}`.slice(0, MAX_CONTENT);
    text = next;
  }
  return carried > 0 ? `${text}${counted(carried)}` : `${text}${lang === "zh" ? "。" : "."}`;
}

/**
 * An earlier summary's sentences (without its head and final count) and that count. A model's
 * summary has no head: it is one sentence.
 */
function unfolded(content: string): { items: string[]; more: number } {
  const lang = content.startsWith(HEAD.zh) ? "zh" : content.startsWith(HEAD.en) ? "en" : undefined;
  if (!lang) return { items: [content], more: 0 };
  let body = content.slice(HEAD[lang].length);
  const match = COUNTED.exec(body);
  const more = match ? Number(match[1] ?? match[2]) : 0;
  if (match) body = body.slice(0, match.index);
  return { items: body.split(SEPARATOR[lang]).filter((item) => item.trim() !== ""), more };
}

const END_MARKS = new Set(["。", ".", "!", "！", "；", ";", " ", "\n", "\t"]);

/** The sentence without its closing punctuation, so joined sentences read as one list. */
function withoutEndMark(text: string): string {
  let end = text.length;
  while (end > 0 && END_MARKS.has(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** The summary record: what its parts share, their sources united, created now. */
export function summaryRecord(group: CompressionGroup, content: string, now: string): MemoryRecord {
  const parts = [...group.details, ...(group.previous ? [group.previous] : [])];
  const first = parts[0]!;
  const kinds = new Set(parts.map((part) => part.kind));
  const speakers = new Set(parts.map((part) => part.source.speaker));
  const hints = [...new Set(parts.flatMap((part) => part.retrievalHints ?? []))].slice(0, 20);
  const weakest = parts
    .map((part) => part.source.type)
    .reduce((a: SourceType, b: SourceType) => (sourceRank(b) < sourceRank(a) ? b : a));
  const confidence = parts.reduce((sum, part) => sum + part.confidence, 0) / parts.length;
  const sensitivity = SENSITIVITIES[Math.max(...parts.map((part) => SENSITIVITIES.indexOf(part.sensitivity)))]!;
  return {
    id: newRecordId(),
    kind: kinds.size === 1 ? first.kind : mostCommonKind(parts),
    key: summaryKey(group.topic),
    content,
    confidence: Math.round(confidence * 1000) / 1000,
    importance: Math.max(...parts.map((part) => part.importance)),
    source: {
      type: weakest,
      ...unitedSource(parts),
      ...(speakers.size === 1 && first.source.speaker ? { speaker: first.source.speaker } : {}),
    },
    scope: first.scope,
    sensitivity,
    status: "active",
    observedAt: latest(parts.map((part) => part.observedAt)),
    createdAt: now,
    updatedAt: now,
    // Created now: the summary starts its own decay, so the run that wrote it leaves it alone.
    lastAccessedAt: now,
    accessCount: parts.reduce((sum, part) => sum + part.accessCount, 0),
    ...(hints.length > 0 ? { retrievalHints: hints } : {}),
  };
}

/** `<topic>._summary`, shortened to the topic's first segment when a key may not be that long. */
function summaryKey(topic: string): string {
  const key = `${topic}.${SUMMARY_SEGMENT}`;
  return key.length <= 128 ? key : `${topic.split(".")[0]!.slice(0, 100)}.${SUMMARY_SEGMENT}`;
}

function mostCommonKind(parts: readonly MemoryRecord[]): MemoryKind {
  const counts = new Map<MemoryKind, number>();
  for (const part of parts) counts.set(part.kind, (counts.get(part.kind) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}
