/**
 * Who is talking, and to whom. A write batch is either an assistant chat (the user and the
 * assistant) or a conversation between people (`name` is the speaker when several people
 * talk). Harnesses that replay a two-person conversation often put the speaker in the
 * text instead ("Ingrid: I went to a pottery class yesterday"), so a leading "Name: " is read
 * as the speaker too when it looks like a person's name.
 *
 * In a conversation between two people "you" is the other person, not an assistant, and what
 * one person says about themselves never describes the other.
 */
import type { ChatMessage } from "../../messages.js";
import { NOT_A_NAME } from "./markers.js";

export interface SpeakerView {
  /** The speaker's name, from `name` or a "Name: " prefix. */
  speaker?: string;
  /** Who "you" is: the other speaker of a two-person conversation. */
  listener?: string;
  /** The text with a speaker prefix removed. */
  content: string;
  /** Two or more named people talk in this batch (not a user and an assistant). */
  conversation: boolean;
  /** An assistant message that carries a person's name is read as that person (still agent_generated). */
  named: boolean;
}

// "Ingrid: …", "Mary Ann: …", "小王：…". Labels that are not names ("Note:", "记住：") are excluded.
const EN_PREFIX = /^([A-Z][a-z'’-]{1,30}(?: [A-Z][a-z'’-]{1,30})?)\s*:\s+(?=\S)/u;
const ZH_PREFIX = /^(\p{Script=Han}{2,4})[:：]\s*(?=\S)/u;
const NOT_NAMES = new Set(
  (
    "note notes remember reminder update todo to do fyi ps p.s important warning edit question answer summary tip tips re " +
    "subject from to date time example result results output input error status step user assistant system human ai bot " +
    "agent model tool context task goal plan update also btw hint info"
  ).split(" "),
);
const ZH_NOT_NAMES =
  /^(?:记住|注意|备注|提醒|补充|总结|问题|回答|更新|重要|说明|例如|比如|另外|对了|顺便|其实|我们约定|约定|规定|要求|结论|原因|目标|计划|任务|用户|助手|系统)$/u;
// A `name` that reads as a person ("Tomasz", "Mary Ann"), not an agent id ("research_agent").
const PERSON_NAME = /^(?:[A-Z][\p{L}'’-]*(?: [A-Z][\p{L}'’-]*){0,2}|\p{Script=Han}{2,4})$/u;

function prefixOf(content: string): { name: string; rest: string } | undefined {
  const en = EN_PREFIX.exec(content);
  if (en && !NOT_NAMES.has(en[1]!.toLowerCase())) return { name: en[1]!, rest: content.slice(en[0].length) };
  const zh = ZH_PREFIX.exec(content);
  if (zh && !ZH_NOT_NAMES.test(zh[1]!) && !/[我你您他她]/u.test(zh[1]!))
    return { name: zh[1]!, rest: content.slice(zh[0].length) };
  return undefined;
}

// A single capitalised word inside a sentence, not after a place preposition and not the start
// of a longer proper noun ("with Maya", "took Maya", not "in Yosemite" or "Lake Michigan").
const MENTIONED_NAME = /(?<![.!?]\s|^|\b(?:in|at|on|near|into|from|the|of|to)\s)\b([A-Z][a-z]{1,20})\b(?![ -][A-Z])/gu;

/**
 * The person most recently named in `texts` (oldest first), other than `exclude`: what "she"
 * in the next sentence most likely refers to ("We took Maya camping" … "she wants to become a
 * marine biologist"). A hint, not a rewrite: the content keeps the speaker's own words.
 */
export function recentName(texts: readonly string[], exclude: readonly string[]): string | undefined {
  let last: string | undefined;
  for (const text of texts) {
    for (const match of text.matchAll(MENTIONED_NAME)) {
      const name = match[1]!;
      if (!NOT_A_NAME.has(name) && !exclude.includes(name)) last = name;
    }
  }
  return last;
}

/**
 * Speaker, listener and conversation mode for every message of a batch, in order; `known` names
 * the people who spoke earlier in the conversation (a turn sent on its own).
 * A Chinese prefix counts only when the same name prefixes two messages of the batch (two to
 * four Han characters before a colon are as often a heading as a name).
 * @example
 * const at = "2024-05-01T10:00:00Z";
 * resolveSpeakers([
 *   { id: "D1:1", role: "user", content: "Ingrid: I went to a pottery class yesterday", at },
 *   { id: "D1:2", role: "assistant", content: "Tomasz: That's great!", at },
 * ]).map((v) => [v.speaker, v.listener]); // [["Ingrid", "Tomasz"], ["Tomasz", "Ingrid"]]
 */
export function resolveSpeakers(messages: readonly ChatMessage[], known: readonly string[] = []): SpeakerView[] {
  const prefixes = messages.map((m) => (m.name ? undefined : prefixOf(m.content)));
  const zhCounts = new Map<string, number>();
  for (const p of prefixes)
    if (p && /\p{Script=Han}/u.test(p.name)) zhCounts.set(p.name, (zhCounts.get(p.name) ?? 0) + 1);
  const views = messages.map((m, i) => {
    const prefix = prefixes[i];
    const usable =
      prefix && (!/\p{Script=Han}/u.test(prefix.name) || (zhCounts.get(prefix.name) ?? 0) >= 2) ? prefix : undefined;
    const speaker = m.name ?? usable?.name;
    const named = m.role === "assistant" && speaker !== undefined && PERSON_NAME.test(speaker);
    return {
      speaker: m.role === "assistant" && !named ? undefined : speaker,
      content: usable ? usable.rest : m.content,
      named,
    };
  });
  // `known`: people named earlier in the same conversation (see context.ts).
  const people = new Set([
    ...known,
    ...views.flatMap((v, i) => (v.speaker && (messages[i]!.role === "user" || v.named) ? [v.speaker] : [])),
  ]);
  const conversation = people.size >= 2;
  return views.map((v) => {
    const others = [...people].filter((p) => p !== v.speaker);
    const view: SpeakerView = { content: v.content, conversation, named: v.named };
    if (v.speaker) view.speaker = v.speaker;
    if (conversation && others.length === 1) view.listener = others[0]!;
    return view;
  });
}
