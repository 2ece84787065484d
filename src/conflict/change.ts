/**
 * Statements of change: "We switched from Jira to Linear", "I moved from Beijing to Shanghai",
 * "我们从 Jira 换成了 Linear". They are usually extracted as events (episodes), and events
 * never replace a memory on their own (classify.ts), so without this the old state — "the team
 * uses Jira", "the user lives in Beijing" — stays active and keeps being recalled.
 *
 * A change supersedes a stored memory only when that memory states the left-behind thing as its
 * current state ("uses Jira", "lives in Beijing", "用 Jira", "住在北京"), not when it merely
 * mentions it ("a favourite restaurant in Beijing" survives a move from Beijing), and not when
 * it already names the new thing. Rules, not semantics (seed 002 §3.4): the clear cases only.
 */
import { normalizeText } from "../text/tokenizer.js";

export interface StatedChange {
  /** What was left behind, normalised ("jira", "北京"). */
  from: string;
  /** What replaced it. */
  to: string;
}

// "switched/moved/migrated … from X to Y": X up to " to ", Y up to a clause boundary.
const EN_FROM_TO =
  /\b(?:switch|switched|switching|move|moved|moving|migrate|migrated|migrating|change|changed|changing|went|transfer|transferred|upgrade|upgraded|convert|converted)\b(?:\s+\S+){0,3}?\s+from\s+(.+?)\s+(?:to|onto|into)\s+(.+?)(?=\s+(?:in|on|at|last|this|since|because|after|before|recently|now)\b|[,.;!?]|$)/u;
const EN_REPLACED = /\breplaced\s+(.+?)\s+with\s+(.+?)(?=\s+(?:in|last|this|because|recently)\b|[,.;!?]|$)/u;
const EN_INSTEAD = /\b(?:use|uses|using|drink|drinks|eat|eats|prefer|prefers)\s+(.+?)\s+instead of\s+(.+?)(?=[,.;!?]|$)/u;
const ZH_FROM_TO =
  /从\s*(.+?)\s*(?:换成|改成|改为|改用|换用|换到|搬到|搬去|迁到|迁移到|转到|升级到|切换到|切到)了?\s*(.+?)(?=[，。,.;；！!？?]|$)/u;

/**
 * The change a statement reports, if it names both sides.
 * @example
 * statedChange("We switched from Jira to Linear last month"); // { from: "jira", to: "linear" }
 * statedChange("用户等人在 2024年2月从 Jira 换成了 Linear");      // { from: "jira", to: "linear" }
 * statedChange("The user likes Linear");                       // undefined
 */
export function statedChange(text: string): StatedChange | undefined {
  const normalized = normalizeText(text);
  const fromTo = EN_FROM_TO.exec(normalized) ?? EN_REPLACED.exec(normalized) ?? ZH_FROM_TO.exec(normalized);
  if (fromTo) return clean(fromTo[1]!, fromTo[2]!);
  const instead = EN_INSTEAD.exec(normalized);
  return instead ? clean(instead[2]!, instead[1]!) : undefined;
}

// Verbs that state a current state with their object: uses X, lives in X, 用 X, 住在 X.
const EN_STATE = String.raw`\b(?:use|uses|using|drink|drinks|eat|eats|prefer|prefers|drive|drives|play|plays|run|runs|runs on|lives? in|living in|based in|works? (?:at|for)|working (?:at|for)|stays? in|(?:is|are) on)\s+(?:the\s+|a\s+|an\s+)?`;
const ZH_STATE = String.raw`(?:用|使用|住在|住|喝|吃|偏好|开|玩|选用|选择)\s*`;

/**
 * Whether `text` states `object` as its current state (see the module comment).
 * @example
 * statesObject("The user's team uses Jira for tickets", "jira"); // true
 * statesObject("The user's favourite restaurant in Beijing is Da Dong", "beijing"); // false
 */
export function statesObject(text: string, object: string): boolean {
  const normalized = normalizeText(text);
  const escaped = escapeRegExp(object);
  const end = /^[\p{L}\p{N}]/u.test(object) && /[a-z0-9]$/u.test(object) ? String.raw`(?![\p{L}\p{N}])` : "";
  return (
    new RegExp(`${EN_STATE}${escaped}${end}`, "u").test(normalized) ||
    new RegExp(`${ZH_STATE}${escaped}`, "u").test(normalized) ||
    // 在 X 工作/上班/生活: 在 alone is too common (餐厅在北京) to count.
    new RegExp(`在\\s*${escaped}\\s*(?:工作|上班|上学|读书|生活)`, "u").test(normalized)
  );
}

/** Whether `text` names `thing` at all. */
export function mentions(text: string, thing: string): boolean {
  return normalizeText(text).includes(thing);
}

function clean(from: string, to: string): StatedChange | undefined {
  const trim = (s: string) => s.replace(/^(?:the|a|an|my|our)\s+/u, "").trim();
  const change = { from: trim(from), to: trim(to) };
  // A side that is a whole clause is not a thing ("changed from what we said before to …").
  if (!change.from || !change.to || change.from.split(/\s+/u).length > 4 || change.to.split(/\s+/u).length > 4) return undefined;
  return change;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
