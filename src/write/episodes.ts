/**
 * Episodic memory of the conversation (seed 000 情景记忆: 事件表 + 向量, summaries rather than
 * full text; seed 001 §2: what leaves the window sinks into long-term memory).
 *
 * Every exchange of a write run (a user's turn and the reply to it) that says something leaves
 * one `episode` record about the conversation: when it happened, and what each side said,
 * condensed to its informative sentences and attributed to its speaker ("The assistant
 * replied: …"). That is how "what was your tip about my back?" finds an answer: the companion's
 * words are true as a record of what was said, whoever said them. They are never a fact about
 * the user, so they never enter the profile: `about: "conversation"` keeps them out of
 * admission scoring, conflicts and confirmation, and the user's own statements in the same
 * turns are still extracted, scored and governed as before.
 *
 * Condensing is extractive and offline: pleasantries (greetings, thanks, offers of help) and
 * sentences with fewer than two content words are left out; the companion's follow-up questions
 * too, when it said anything else; each side keeps at most {@link SIDE_CHARS} characters. An
 * exchange with nothing left (a greeting answered by a greeting) leaves no episode.
 *
 * One episode per turn: its id is derived from the turn's message id, so the same exchange
 * sent twice is recorded once, and a memory superseded later finds the episodes of the turns
 * that stated it (they are superseded with it, see {@link episodeWrites}).
 */
import { createHash } from "node:crypto";
import type { BaseStore, Item } from "@langchain/langgraph";
import type { Operation } from "@langchain/langgraph-checkpoint";
import type { ChatMessage } from "../messages.js";
import { episodesNamespace, RECORD_INDEX_FIELDS } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";
import { alternation, wordList } from "../text/patterns.js";
import { detectLanguage, tokenize } from "../text/tokenizer.js";
import { dayTerms } from "../time.js";
import { yieldIfDue } from "../yield.js";
import type { MemoryCandidate } from "./candidate.js";
import type { WriteResult } from "./conflict/decision.js";
import { splitSentences } from "./extract/segment.js";
import { HistoryLog } from "./history.js";
import { type RecordContext, recordFromCandidate, supersedeRecord } from "./records.js";
import type { RejectionReason } from "./scoring.js";

/** The most characters of one side of an exchange an episode keeps. */
export const SIDE_CHARS = 280;
/** Replies to one turn beyond this many are not recorded (a pasted log is not an exchange). */
const MAX_TURNS_PER_EXCHANGE = 8;
/** Importance of an episode: below a stated preference or fact of the user's (seed 002 §2). */
export const EPISODE_IMPORTANCE = 0.4;
/**
 * Confidence that the record says what was said. The words are quoted, not judged, so this is
 * not the agent cap of seed 003 §5.6 (which is about claims on the user's profile).
 */
export const EPISODE_CONFIDENCE = 0.9;

/** One exchange: a turn, then the companion's replies to it. */
interface Exchange {
  asked: [ChatMessage];
  replied: ChatMessage[];
}

/**
 * Pleasantries that carry nothing to remember on their own, in both languages. A sentence is a
 * pleasantry when it opens with one of these and has at most two content words besides
 * ("Hello, Sam." / "谢谢提醒！"), so "Thanks to the rain the match moved to Sunday" is kept.
 */
const PLEASANTRY_OPENERS =
  wordList(`hello | hi | hey | good morning | good afternoon | good evening | good night | thank |
  thanks | thank you | you're welcome | nice to meet you | see you | bye | goodbye | great | awesome | wow | ok | okay |
  sure | certainly | of course | no problem | sounds good | 你好 | 您好 | 嗨 | 早上好 | 晚上好 | 晚安 | 谢谢 | 多谢 |
  不客气 | 再见 | 拜拜 | 好的 | 嗯 | 哇 | 太好了 | 没问题 | 当然 | 很高兴认识 | 听起来不错 | 听起来很棒 | 真不错 | 真棒 |
  很遗憾`);
const PLEASANTRY = new RegExp(
  `^(?:${alternation(PLEASANTRY_OPENERS)}|i'?m (?:so |really )?(?:sorry|glad|happy)|` +
    "that(?:'s| is| sounds) (?:great|wonderful|lovely|nice|awesome|amazing|too bad))",
  "iu",
);
/** Offers of help that close a reply ("May I help with anything?", "有什么能帮上忙的，随时说。"). */
const OFFER_OF_HELP = /(?:can|may) i (?:help|assist)|anything else|有什么(?:可以|能)帮|还有什么(?:需要|想)/iu;
const QUESTION_END = /[?？]\s{0,4}$/u;

/**
 * Episode candidates for the exchanges of one write run.
 * @example
 * const [episode] = episodeCandidates([
 *   { id: "q1", role: "user", content: "Any book tips?", at: "2024-05-01T10:00:00Z" },
 *   { id: "r1", role: "assistant", content: "I recommend The Little Prince.", at: "2024-05-01T10:00:30Z" },
 * ]);
 * episode.content; // 'On 2024-05-01 the user said: "Any book tips?" The assistant replied: "I recommend The Little Prince."'
 */
export function episodeCandidates(messages: readonly ChatMessage[]): MemoryCandidate[] {
  return [...eachEpisode(messages)];
}

/** The same, one exchange at a time: a caller may hand the event loop back between them. */
export function* eachEpisode(messages: readonly ChatMessage[]): Generator<MemoryCandidate> {
  for (const exchange of exchanges(messages)) {
    const episode = episodeOf(exchange);
    if (episode) yield episode;
  }
}

/**
 * The record id of the episode that records message `messageId`'s turn: stable, so a replay is
 * recorded once, and found from any record that cites the message (see {@link episodeWrites}).
 */
export function episodeRecordId(messageId: string): string {
  return `episode-${digest(messageId, 24)}`;
}

function exchanges(messages: readonly ChatMessage[]): Exchange[] {
  const out: Exchange[] = [];
  let current: Exchange | undefined;
  for (const message of messages) {
    if (message.role !== "user" && message.role !== "assistant") continue;
    if (message.content.trim().length === 0) continue;
    // Every turn of a person (the user, or a named speaker of a relayed transcript) opens an
    // exchange of its own, so each statement has exactly one episode; the companion's replies
    // join the turn they answer.
    if (current && isCompanion(message)) {
      if (current.replied.length < MAX_TURNS_PER_EXCHANGE) current.replied.push(message);
      continue;
    }
    current = { asked: [message], replied: [] };
    out.push(current);
  }
  return out;
}

function isCompanion(message: ChatMessage): boolean {
  return message.role === "assistant" && !message.name;
}

function episodeOf(exchange: Exchange): MemoryCandidate | undefined {
  const first = exchange.asked[0];
  const asked = condense(exchange.asked, false);
  const replied = condense(exchange.replied, true);
  if (!asked && !replied) return undefined;
  const turns = [...exchange.asked, ...exchange.replied];
  const language = detectLanguage(turns.map((m) => m.content).join(" "));
  const date = first.at.slice(0, 10);
  const parts: string[] = [];
  if (asked) parts.push(said(speakerOf(first, language), asked.text, language, false));
  const reply = exchange.replied[0];
  if (replied && reply) parts.push(said(speakerOf(reply, language), replied.text, language, parts.length > 0));
  const content = language === "zh" ? `${date}，${parts.join("")}` : `On ${date} ${parts.join(" ")}`;
  const messageIds = [...(asked?.ids ?? []), ...(replied?.ids ?? [])];
  const id = episodeRecordId(first.id);
  return {
    // The record id it will have: one episode per turn.
    candidateId: id,
    kind: "episode",
    key: `conversation.d${date.replaceAll("-", "")}.${id.replace("-", "_")}`,
    content,
    language,
    positive: true,
    sourceType: replied !== undefined || isCompanion(first) ? "agent_generated" : "explicit",
    messageIds,
    observedAt: first.at,
    confidence: EPISODE_CONFIDENCE,
    importance: EPISODE_IMPORTANCE,
    sensitivity: "low",
    about: "conversation",
    // The day it happened, as keyword terms: "what did we discuss on May 2nd?" (src/recall/dates.ts).
    terms: dayTerms(date),
    extractor: "episode",
  };
}

/** The informative sentences of one side, within SIDE_CHARS, and the messages they came from. */
function condense(turns: readonly ChatMessage[], reply: boolean): { text: string; ids: string[] } | undefined {
  const kept: Array<{ sentence: string; id: string; question: boolean }> = [];
  // Sentences are read only until the statements kept fill the episode: the work is bounded by
  // SIDE_CHARS, not by the length of the message.
  let filled = 0;
  collect: for (const turn of turns) {
    for (const sentence of splitSentences(turn.content)) {
      if (filled > SIDE_CHARS) break collect;
      if (!informative(sentence)) continue;
      const question = QUESTION_END.test(sentence);
      kept.push({ sentence, id: turn.id, question });
      if (!question) filled += sentence.length + 1;
    }
  }
  // The companion's questions back ("Which trail was it?") are not what it said, unless
  // they are all it said.
  const statements = reply && kept.some((k) => !k.question) ? kept.filter((k) => !k.question) : kept;
  if (statements.length === 0) return undefined;
  let text = "";
  const ids: string[] = [];
  for (const { sentence, id } of statements) {
    const room = SIDE_CHARS - text.length;
    if (room <= 1) break;
    const piece = sentence.length <= room ? sentence : `${cut(sentence, room - 1)}…`;
    text = text ? `${text}${joiner(text, piece)}${piece}` : piece;
    if (!ids.includes(id)) ids.push(id);
    if (piece.endsWith("…")) break;
  }
  return { text, ids };
}

function informative(sentence: string): boolean {
  const words = tokenize(sentence);
  if (words.length < 2) return false;
  if (OFFER_OF_HELP.test(sentence) && words.length <= 6) return false;
  const opening = PLEASANTRY.exec(sentence.trim());
  if (!opening) return true;
  return tokenize(sentence.trim().slice(opening[0].length)).length > 2;
}

function speakerOf(message: ChatMessage, language: "zh" | "en"): string {
  if (message.name) return message.name;
  if (message.role === "user") return language === "zh" ? "用户" : "the user";
  return language === "zh" ? "助手" : "the assistant";
}

function said(speaker: string, text: string, language: "zh" | "en", continuing: boolean): string {
  if (language === "zh") return `${speaker}${continuing ? "回答" : "说"}：“${text}”`;
  const who = continuing ? capitalise(speaker) : speaker;
  return `${who} ${continuing ? "replied" : "said"}: "${text}"`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joiner(before: string, next: string): string {
  return /[\u3400-\u9fff。！？，；]$/u.test(before) && /^[\u3400-\u9fff]/u.test(next) ? "" : " ";
}

function cut(sentence: string, room: number): string {
  const window = sentence.slice(0, room);
  const space = window.lastIndexOf(" ");
  return (space > room / 2 ? window.slice(0, space) : window).trimEnd();
}

function digest(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/**
 * The messages whose episodes leave recall with a run's outcome, each with the memory that holds
 * instead: every message that stated a memory the run superseded, and every message whose value
 * the run refused because a stored memory contradicts and outranks it (`stale`: said before the
 * value another write committed first; `outranked`: a lower source than the stored value).
 * Memories of the conversation itself retire nothing.
 */
export function retiredMessages(outcome: Pick<WriteResult, "superseded" | "rejected">): Map<string, string> {
  const retired = new Map<string, string>();
  for (const record of outcome.superseded) {
    if (record.about === "conversation" || !record.supersededBy) continue;
    for (const messageId of record.source.messageIds) retired.set(messageId, record.supersededBy);
  }
  for (const rejection of outcome.rejected) {
    if (!LOST_TO_STORED.has(rejection.reason) || !rejection.relatedId) continue;
    if (rejection.candidate.about === "conversation") continue;
    for (const messageId of rejection.candidate.messageIds)
      if (!retired.has(messageId)) retired.set(messageId, rejection.relatedId);
  }
  return retired;
}

const LOST_TO_STORED: ReadonlySet<RejectionReason> = new Set(["stale", "outranked"]);

/**
 * The records and audit entries of a run's episodes, for the write's one `store.batch` (seed 002
 * §3.3): the episodes not recorded yet, and the episode of every exchange with a message
 * {@link retiredMessages} names (a turn's own episode, or this run's exchange that holds the
 * reply), superseded by the memory that holds instead: the old value is still on record
 * (history, `includeHistory`), but recall no longer offers it as if it held. Must run inside the
 * scope's queue, like every commit.
 */
export async function episodeWrites(
  store: BaseStore,
  scope: MemoryScope,
  candidates: readonly MemoryCandidate[],
  outcome: Pick<WriteResult, "superseded" | "rejected">,
  ctx: RecordContext,
): Promise<{ records: MemoryRecord[]; operations: Operation[] }> {
  const seen = new Set<string>();
  const fresh = candidates.filter((c) => !seen.has(c.candidateId) && seen.add(c.candidateId));
  const messages = retiredMessages(outcome);
  const retired = new Map<string, string>();
  for (const [messageId, successor] of messages) retired.set(episodeRecordId(messageId), successor);
  for (const candidate of fresh)
    for (const messageId of candidate.messageIds) {
      const successor = messages.get(messageId);
      if (successor && !retired.has(candidate.candidateId)) retired.set(candidate.candidateId, successor);
    }
  const ids = [...new Set([...fresh.map((c) => c.candidateId), ...retired.keys()])];
  if (ids.length === 0) return { records: [], operations: [] };
  const namespace = episodesNamespace(scope);
  const found = (await store.batch(ids.map((key) => ({ namespace, key })))) as Array<Item | null>;
  const stored = new Map(ids.flatMap((id, i) => (found[i] ? [[id, parseMemoryRecord(found[i]!.value)] as const] : [])));
  const log = new HistoryLog();
  const records: MemoryRecord[] = [];
  const changed: MemoryRecord[] = [];
  for (const candidate of fresh) {
    if (stored.has(candidate.candidateId)) continue;
    const record = recordFromCandidate(
      candidate,
      { id: candidate.candidateId, confidence: candidate.confidence, status: "active" },
      ctx,
    );
    records.push(record);
    stored.set(record.id, record);
    log.append({
      action: "add",
      recordId: record.id,
      at: ctx.now,
      reason: "episode of the conversation: recorded as said, attributed to its speaker; not a fact about the user",
      messageIds: candidate.messageIds,
      after: record,
      sessionId: ctx.sessionId,
      taskId: ctx.taskId,
    });
    await yieldIfDue();
  }
  for (const [id, successor] of retired) {
    const before = stored.get(id);
    if (before?.status !== "active") continue;
    const after = supersedeRecord(before, successor, ctx);
    stored.set(id, after);
    const added = records.indexOf(before);
    if (added >= 0) records[added] = after;
    else changed.push(after);
    log.append({
      action: "supersede",
      recordId: id,
      at: ctx.now,
      reason: "the value its turn stated no longer holds: the episode keeps it on record, out of recall",
      messageIds: before.source.messageIds,
      relatedId: successor,
      before,
      after,
      sessionId: ctx.sessionId,
      taskId: ctx.taskId,
    });
    await yieldIfDue();
  }
  const puts: Operation[] = [...records, ...changed].map((record) => ({
    namespace,
    key: record.id,
    value: record,
    index: RECORD_INDEX_FIELDS,
  }));
  return { records, operations: [...puts, ...log.operations(scope)] };
}
