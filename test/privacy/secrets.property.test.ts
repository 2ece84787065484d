/**
 * No raw secret anywhere: a property test over generated secrets of every type redaction knows,
 * written and recalled through the facade with a real HNSWStore, then every byte on disk and
 * every value handed back is searched for each secret.
 *
 * A fixed-seed PRNG generates 1,200 cases. Each case is one secret (a Chinese mobile number in
 * one of seven spellings, a resident id with a valid check character or — introduced as an id —
 * a wrong one, a bank card passing Luhn or — introduced as a card — failing it, an e-mail, a
 * password or PIN introduced as such, an API key or token of thirteen kinds, an IBAN, a US SSN,
 * an IP address said to be someone's) set in a sentence of our own, Chinese or English, and put
 * in one place: a message's content, its `name` or its id, a remember() sessionId or taskId, a
 * recall query, instruction or task, a task's title, steps and progress note (tasks.start), or the
 * input of a call that fails. Writes are batched
 * (about ten messages per remember()).
 *
 * Afterwards the store is closed and every file of its directory (store.sqlite, its WAL, the
 * hnsw/ files) is read, together with the JSON of every remember() and recall() result, trace,
 * list(), history() and pending() answer and every thrown error's message and details. No
 * secret may appear, neither as written nor as its bare digits (long digit forms anywhere, short
 * ones as a whole run of digits, so a score like 0.2123456789 cannot collide with a 9-digit SSN).
 * Leaks are reported per place, so a place whose wiring is missing fails on its own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { isMemoryError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { readAllFiles, tempDir } from "../helpers/store.js";

const SEED = 0x5eed_2026;
const CASES = 1200;
const NOW = new Date("2026-03-02T09:30:00.000Z");

// --- A small seeded PRNG -----------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(SEED);
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const digits = (n: number): string => Array.from({ length: n }, () => String(int(0, 9))).join("");
const charsFrom = (alphabet: string, n: number): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]!).join("");
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const B64URL = `${ALNUM}-_`;

// --- Secrets ---------------------------------------------------------------------------------

type Lang = "zh" | "en";

interface Secret {
  kind: string;
  /** The secret as written in the sentence. */
  written: string;
  /** The sentence fragment that carries it (with its introduction where one is needed). */
  phrase: (lang: Lang) => string;
  /** Forms that must not appear anywhere. */
  needles: string[];
}

/** Phrase templates: `{s}` is the secret. Written for this test. */
function say(zh: readonly string[], en: readonly string[], written: string): (lang: Lang) => string {
  return (lang) => pick(lang === "zh" ? zh : en).replace("{s}", written);
}

const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"];
const SERVICES = ["gmail", "github", "公司邮箱", "wifi", "Netflix", "招商银行", "steam", "vpn"];

function phoneCn(): Secret {
  const body =
    pick(["130", "133", "135", "138", "139", "150", "152", "158", "166", "177", "186", "189", "199"]) + digits(8);
  const groups = [body.slice(0, 3), body.slice(3, 7), body.slice(7)];
  const style = int(0, 6);
  const written = [
    body,
    groups.join(" "),
    groups.join("-"),
    groups.join("."),
    `+86 ${groups.join(" ")}`,
    // Zero-width characters inside and around the digits.
    `${pick(ZERO_WIDTH)}${Array.from(body, (d) => (random() < 0.5 ? d + pick(ZERO_WIDTH) : d)).join("")}`,
    Array.from(groups.join(" "), (c) =>
      c >= "0" && c <= "9" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c,
    ).join(""),
  ][style]!;
  return {
    kind: `phone_cn/${style}`,
    written,
    phrase: say(
      ["我的手机号是{s}", "有事打{s}找我", "新号码 {s}"],
      ["my cell is {s}", "call me at {s}", "text {s} when you land"],
      written,
    ),
    needles: style === 4 ? [written, body, `86${body}`] : [written, body],
  };
}

const AREAS = ["110101", "110105", "310104", "320102", "330106", "440305", "510107", "420111", "610113", "500103"];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

function residentId(valid: boolean): Secret {
  const birth = new Date(Date.UTC(int(1950, 2005), int(0, 11), int(1, 28)));
  const date = birth.toISOString().slice(0, 10).replace(/-/g, "");
  const first17 = pick(AREAS) + date + digits(3);
  const sum = ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  const right = ID_CHECK[sum % 11]!;
  const check = valid ? right : pick([..."0123456789X"].filter((c) => c !== right));
  const id = first17 + check;
  const written = random() < 0.25 ? `${id.slice(0, 6)} ${id.slice(6, 14)} ${id.slice(14)}` : id;
  return valid
    ? {
        kind: "id_cn/valid",
        written,
        phrase: say(
          ["证件上写的是{s}", "{s} 是我的证件", "登记时填了{s}"],
          ["the number on my card is {s}", "{s} is on file", "they asked for {s}"],
          written,
        ),
        needles: [written, id],
      }
    : {
        kind: "id_cn/introduced",
        written,
        phrase: say(
          ["我的身份证号是{s}", "身份证：{s}", "身份证号码 {s}"],
          ["My ID number is {s}", "my ID card number: {s}", "resident ID number {s}"],
          written,
        ),
        needles: [written, id],
      };
}

function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

function bankCard(valid: boolean): Secret {
  const [prefix, length] = pick([
    ["4", 16],
    ["51", 16],
    ["55", 16],
    ["6011", 16],
    ["62", 16],
    ["62", 19],
    ["37", 15],
  ] as const);
  const partial = prefix + digits(length - prefix.length - 1);
  const check = luhnCheckDigit(partial);
  const card = partial + (valid ? check : String((Number(check) + int(1, 9)) % 10));
  const sep = pick(["", " ", "-"]);
  const written =
    sep === ""
      ? card
      : length === 15
        ? [card.slice(0, 4), card.slice(4, 10), card.slice(10)].join(sep)
        : (card.match(/.{1,4}/g) ?? []).join(sep);
  return valid
    ? {
        kind: "bank_card/luhn",
        written,
        phrase: say(
          ["用这张卡 {s} 付款", "我的信用卡是{s}", "扣款卡 {s}"],
          ["charge {s} please", "use {s} for the order", "my visa {s} expires soon"],
          written,
        ),
        needles: [written, card],
      }
    : {
        kind: "bank_card/introduced",
        written,
        phrase: say(
          ["卡号是{s}", "银行卡：{s}", "我的银行卡号 {s}"],
          ["card number {s}", "my credit card is {s}", "debit card number: {s}"],
          written,
        ),
        needles: [written, card],
      };
}

function email(): Secret {
  const written = `${charsFrom("abcdefghijklmnopqrstuvwxyz", int(4, 9))}${pick(["", ".", "_"])}${digits(int(0, 4))}@${charsFrom("abcdefghijklmnopqrstuvwxyz", int(4, 8))}.${pick(["com", "net", "org", "cn", "io", "co.uk"])}`;
  return {
    kind: "email",
    written,
    phrase: say(
      ["邮箱是{s}", "发到 {s} 就行", "联系邮箱：{s}"],
      ["email me at {s}", "my address is {s}", "cc {s} on it"],
      written,
    ),
    needles: [written],
  };
}

function password(): Secret {
  let written = "";
  while (!/[A-Za-z]/.test(written) || !/\d/.test(written)) written = charsFrom(`${ALNUM}!#$%*+-_=.@`, int(8, 14));
  const service = pick(SERVICES);
  return {
    kind: "password",
    written,
    phrase: say(
      [`我的${service}密码是{s}`, `${service}密码：{s}`, "口令为 {s}", "密码改成了{s}"],
      [`my password for ${service} is {s}`, "password: {s}", `My ${service} password is {s}`, "the passphrase = {s}"],
      written,
    ),
    needles: [written],
  };
}

function pin(): Secret {
  const written = String(int(1, 9)) + digits(int(5, 7));
  return {
    kind: "pin",
    written,
    phrase: say(
      ["支付密码是{s}", "银行卡密码：{s}", "PIN码是 {s}"],
      ["PIN is {s}", "my bank PIN: {s}", "the PIN code is {s}"],
      written,
    ),
    needles: [written],
  };
}

function apiKey(): Secret {
  const kind = int(0, 12);
  const [prefix, body] = [
    ["sk-", charsFrom(ALNUM, 48)],
    ["sk-proj-", charsFrom(B64URL, 40)],
    ["sk-ant-api03-", charsFrom(B64URL, 40)],
    ["sk_live_", charsFrom(ALNUM, 24)],
    ["sk_test_", charsFrom(ALNUM, 24)],
    ["rk_live_", charsFrom(ALNUM, 24)],
    ["AKIA", charsFrom("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)],
    ["ghp_", charsFrom(ALNUM, 36)],
    ["gho_", charsFrom(ALNUM, 36)],
    ["ghs_", charsFrom(ALNUM, 36)],
    ["eyJ", `${charsFrom(B64URL, int(20, 36))}.eyJ${charsFrom(B64URL, int(30, 60))}.${charsFrom(B64URL, 43)}`],
    ["xoxb-", `${digits(11)}-${digits(12)}-${charsFrom(ALNUM, 24)}`],
    ["AIza", charsFrom(B64URL, 35)],
  ][kind]!;
  const written = prefix! + body!;
  return {
    kind: `api_key/${prefix}`,
    written,
    phrase: say(
      ["我的密钥是 {s}", "用这个 key：{s}", "令牌 {s} 别外传"],
      ["my key is {s}", "use {s} for the API", "token {s} expires friday"],
      written,
    ),
    needles: [written, body!.slice(-16)],
  };
}

const IBAN_COUNTRIES = [
  ["DE", 18, false],
  ["GB", 18, true],
  ["FR", 23, false],
  ["NL", 14, true],
  ["ES", 20, false],
  ["IT", 23, true],
  ["CH", 17, false],
] as const;

function iban(): Secret {
  const [country, bbanLength, bankLetters] = pick(IBAN_COUNTRIES);
  const bban = bankLetters ? charsFrom("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) + digits(bbanLength - 4) : digits(bbanLength);
  const numeric = [...`${bban}${country}00`].map((c) => (c >= "A" ? String(c.charCodeAt(0) - 55) : c)).join("");
  let remainder = 0;
  for (const d of numeric) remainder = (remainder * 10 + Number(d)) % 97;
  const compact = `${country}${String(98 - remainder).padStart(2, "0")}${bban}`;
  const written = random() < 0.5 ? compact : (compact.match(/.{1,4}/g) ?? []).join(" ");
  return {
    kind: "iban",
    written,
    phrase: say(
      ["汇到 {s}", "我的IBAN是{s}", "收款账户 {s}"],
      ["wire it to {s}", "my IBAN is {s}", "refund to {s} please"],
      written,
    ),
    needles: [written, compact],
  };
}

function ssn(introduced: boolean): Secret {
  const area = pick([int(1, 665), int(667, 899)]);
  const parts = [
    String(area).padStart(3, "0"),
    String(int(1, 99)).padStart(2, "0"),
    String(int(1, 9999)).padStart(4, "0"),
  ];
  const written = introduced ? parts.join(pick(["", " "])) : parts.join("-");
  return introduced
    ? {
        kind: "ssn/introduced",
        written,
        phrase: say(
          ["我的社会安全号码是{s}", "社会安全号：{s}"],
          ["my SSN is {s}", "social security number: {s}", "SSN {s}"],
          written,
        ),
        needles: [written, parts.join("")],
      }
    : {
        kind: "ssn/dashed",
        written,
        phrase: say(
          ["美国那边的号码 {s}", "报税用 {s}"],
          ["{s} is on the form", "file it under {s}", "SSN {s}"],
          written,
        ),
        needles: [written, parts.join("")],
      };
}

function ipAddress(): Secret {
  const written = [pick([int(11, 126), int(128, 223)]), int(0, 255), int(0, 255), int(1, 254)].join(".");
  return {
    kind: "ip_address",
    written,
    phrase: say(
      ["我的IP是{s}", "我家的公网IP地址：{s}", "我的ip为 {s}"],
      ["my IP is {s}", "my home IP address is {s}", "our office IP: {s}"],
      written,
    ),
    needles: [written],
  };
}

const GENERATORS: ReadonlyArray<() => Secret> = [
  phoneCn,
  phoneCn,
  () => residentId(true),
  () => residentId(false),
  () => bankCard(true),
  () => bankCard(false),
  email,
  password,
  pin,
  apiKey,
  apiKey,
  iban,
  () => ssn(false),
  () => ssn(true),
  ipAddress,
];

// --- Cases -----------------------------------------------------------------------------------

const PLACES = [
  "content",
  "name",
  "messageId",
  "sessionId",
  "taskId",
  "query",
  "instruction",
  "task",
  "taskTitle",
  "error",
] as const;
type Place = (typeof PLACES)[number];
const PLACE_WEIGHTS: Readonly<Record<Place, number>> = {
  content: 40,
  name: 10,
  messageId: 10,
  sessionId: 5,
  taskId: 5,
  query: 16,
  instruction: 7,
  task: 4,
  taskTitle: 4,
  error: 3,
};

interface Case {
  index: number;
  place: Place;
  lang: Lang;
  secret: Secret;
  /** The text that carries the secret in its place. */
  carrier: string;
}

const PRE: Record<Lang, readonly string[]> = {
  zh: ["", "顺便说一下，", "记一下：", "对了，", "帮我记住，", "上次说过，"],
  en: ["", "By the way, ", "Note: ", "For the record, ", "Remember that ", "Quick one: "],
};
const POST: Record<Lang, readonly string[]> = {
  zh: ["", "。", "，别告诉别人。", "，谢谢！", "，下周要用。"],
  en: ["", ".", " thanks.", " - keep it safe.", " for next week."],
};
const QUESTION: Record<Lang, readonly string[]> = {
  zh: ["", "这个还对吗？", "帮我查一下，", "我之前说的"],
  en: ["", "is this still right? ", "look up ", "what did I say about "],
};
const NAMES = ["Carol", "李雷", "Priya", "王芳", "Diego", "Mei"];
const ID_PREFIXES = ["", "msg-", "m_", "turn:", "chat/"];

function placeOf(): Place {
  const total = Object.values(PLACE_WEIGHTS).reduce((a, b) => a + b, 0);
  let roll = random() * total;
  for (const place of PLACES) {
    roll -= PLACE_WEIGHTS[place];
    if (roll < 0) return place;
  }
  return "content";
}

function makeCase(index: number): Case {
  const place = placeOf();
  const lang: Lang = random() < 0.5 ? "zh" : "en";
  const secret = pick(GENERATORS)();
  const phrase = secret.phrase(lang);
  const sentence = `${pick(PRE[lang])}${phrase}${pick(POST[lang])}`;
  const carrier = (() => {
    switch (place) {
      case "content":
      case "instruction":
        return sentence;
      case "query":
        return `${pick(QUESTION[lang])}${sentence}`;
      case "name":
        return `${pick(NAMES)} ${phrase}`;
      case "messageId":
      case "sessionId":
      case "taskId":
        // "~n" keeps ids unique without putting a digit next to the secret.
        return `${pick(ID_PREFIXES)}${phrase}~${index}`;
      case "task":
        return `task ${phrase}`.slice(0, 100);
      case "taskTitle":
        return sentence.slice(0, 200);
      case "error":
        return phrase;
    }
  })();
  return { index, place, lang, secret, carrier };
}

const cases: Case[] = Array.from({ length: CASES }, (_, i) => makeCase(i));

// --- Searching bytes for many needles at once (Aho–Corasick) -----------------------------------

class NeedleSearch {
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  private readonly out: number[][] = [[]];

  add(needle: Uint8Array, id: number): void {
    let state = 0;
    for (const byte of needle) {
      let to = this.next[state]!.get(byte);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.out.push([]);
        this.next[state]!.set(byte, to);
      }
      state = to;
    }
    this.out[state]!.push(id);
  }

  build(): void {
    const queue: number[] = [];
    for (const to of this.next[0]!.values()) queue.push(to);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [byte, to] of this.next[state]!) {
        let f = this.fail[state]!;
        while (f !== 0 && !this.next[f]!.has(byte)) f = this.fail[f]!;
        const target = this.next[f]!.get(byte);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        this.out[to]!.push(...this.out[this.fail[to]!]!);
        queue.push(to);
      }
    }
  }

  scan(bytes: Uint8Array, found: (id: number) => void): void {
    let state = 0;
    for (const byte of bytes) {
      while (state !== 0 && !this.next[state]!.has(byte)) state = this.fail[state]!;
      state = this.next[state]!.get(byte) ?? 0;
      for (const id of this.out[state]!) found(id);
    }
  }
}

// --- The run ---------------------------------------------------------------------------------

interface Leak {
  caseIndex: number;
  place: Place;
  kind: string;
  where: string;
  /** The needle with its middle masked, enough to recognise it in a report. */
  needle: string;
}

const mask = (needle: string): string =>
  needle.length <= 6 ? "*".repeat(needle.length) : `${needle.slice(0, 3)}…${needle.slice(-2)} (${needle.length})`;

let leaks: Leak[] = [];
let stats = { remembers: 0, recalls: 0, records: 0, files: 0, hnswFiles: 0, bytes: 0, errors: 0 };

// Canaries: stored raw on purpose, straight into the store, to show the search finds what it must.
const CANARY_CARD = "4024007186304922";
const CANARY_DIGITS = "731904265";
const canaries = { long: false, short: false };

async function expectError(outputs: string[], call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    stats.errors++;
    const details = isMemoryError(error) && "details" in error ? (error as { details?: unknown }).details : undefined;
    outputs.push(String((error as Error).message), JSON.stringify(details ?? null));
    return;
  }
  outputs.push("(no error)");
}

async function run(memory: Memory, scopes: Array<{ userId: string; tenantId: string }>): Promise<string[]> {
  const outputs: string[] = [];
  const byPlace = (place: Place) => cases.filter((c) => c.place === place);

  // remember(): message cases ten at a time, each call carrying one sessionId and one taskId case
  // when there are some left, plus a plain message so every call has something ordinary to read.
  const messageCases = cases.filter((c) => c.place === "content" || c.place === "name" || c.place === "messageId");
  const sessions = byPlace("sessionId");
  const tasks = byPlace("taskId");
  const calls = Math.max(Math.ceil(messageCases.length / 10), sessions.length, tasks.length);
  for (let call = 0; call < calls; call++) {
    const batch = messageCases.slice(call * 10, call * 10 + 10);
    const messages: Array<{ role: string; content: string; id?: string; name?: string }> = batch.map((c) => {
      const plain = c.lang === "zh" ? "我不吃香菜，点外卖记得备注。" : "I prefer short answers in bullet points.";
      if (c.place === "content") return { role: random() < 0.85 ? "user" : "assistant", content: c.carrier };
      if (c.place === "name") return { role: "user", content: plain, name: c.carrier };
      return { role: "user", content: plain, id: c.carrier };
    });
    messages.push({ role: "user", content: call % 2 === 0 ? "我喜欢喝绿茶。" : "I live in Berlin now." });
    const sessionId = sessions[call]?.carrier;
    const taskId = tasks[call]?.carrier;
    const scope = scopes[call % scopes.length]!;
    outputs.push(JSON.stringify(await memory.remember({ scope, messages, sessionId, taskId })));
    stats.remembers++;
  }

  // recall(): one query case per call; instruction and task cases ride along.
  const instructions = byPlace("instruction");
  const recallTasks = byPlace("task");
  const queries = byPlace("query");
  const recalls = Math.max(queries.length, instructions.length, recallTasks.length);
  for (let i = 0; i < recalls; i++) {
    const scope = scopes[i % scopes.length]!;
    const query = queries[i]?.carrier ?? (i % 2 === 0 ? "帮我点一份午餐外卖" : "how should you format replies?");
    const instruction = instructions[i]?.carrier;
    const task = recallTasks[i]?.carrier;
    const result = await memory.recall({
      scope,
      query,
      ...(instruction !== undefined ? { instruction } : {}),
      ...(task !== undefined ? { task } : {}),
    });
    outputs.push(JSON.stringify(result), JSON.stringify(await memory.trace(scope, result.traceId)));
    stats.recalls++;
  }

  // tasks.start(): the secret in the title, a step and the progress note, kept in the registry
  // and the task checkpointer.
  for (const [n, c] of byPlace("taskTitle").entries()) {
    const scope = scopes[n % scopes.length]!;
    const task = await memory.tasks.start(scope, {
      title: c.carrier,
      steps: [c.carrier, "verify"],
      progress: c.carrier,
    });
    outputs.push(JSON.stringify(task), JSON.stringify(await memory.tasks.list(scope)));
  }

  // Calls that fail, each with a secret in its input.
  for (const [n, c] of byPlace("error").entries()) {
    const scope = scopes[n % scopes.length]!;
    switch (n % 6) {
      case 0: // two messages with the same id
        await expectError(outputs, () =>
          memory.remember({
            scope,
            messages: [
              { role: "user", content: "a", id: c.carrier },
              { role: "user", content: "b", id: c.carrier },
            ],
          }),
        );
        break;
      case 1: // a session id over 256 characters
        await expectError(outputs, () =>
          memory.remember({
            scope,
            messages: [{ role: "user", content: "hi" }],
            sessionId: `${"s".repeat(250)} ${c.carrier}`,
          }),
        );
        break;
      case 2: // a trace id that does not exist
        await expectError(outputs, () => memory.trace(scope, c.carrier));
        break;
      case 3: // an unknown role, the secret in the content
        await expectError(outputs, () => memory.remember({ scope, messages: [{ role: "robot", content: c.carrier }] }));
        break;
      case 4: // a query over the 20,000-character limit
        await expectError(outputs, () => memory.recall({ scope, query: `${"x ".repeat(10_000)}${c.carrier}` }));
        break;
      default: // a pending id that does not exist
        await expectError(outputs, () => memory.resolve(scope, c.carrier.slice(0, 120), "reject"));
        break;
    }
  }

  // Everything the user can read back.
  for (const scope of scopes) {
    const records = await memory.list(scope);
    stats.records += records.length;
    outputs.push(JSON.stringify(records), JSON.stringify(await memory.pending(scope)));
    for (const record of records) outputs.push(JSON.stringify(await memory.history(scope, record.id)));
  }
  return outputs;
}

beforeAll(async () => {
  const dir = tempDir("lgm-privacy-");
  // The facade's own HNSWStore, built as createMemory({ dir }) builds it, except that namespaces
  // get an HNSW graph from 40 vectors on (default 2,000), so that hnsw/ files exist to be read.
  const store = new HNSWStore({
    dir,
    index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: RECORD_INDEX_FIELDS },
    hnsw: { threshold: 40 },
  });
  const memory = await createMemory({ store, env: {}, now: () => NOW, bookkeeping: "inline" });
  const scopes = [
    { userId: "u_privacy_a", tenantId: "acme" },
    { userId: "u_privacy_b", tenantId: "acme" },
    { userId: "u_privacy_c", tenantId: "globex" },
  ];
  let outputs: string[];
  // The files twice: while the store is open (the WAL still holds the latest pages) and after close.
  let open: Array<{ file: string; bytes: Buffer }>;
  try {
    outputs = await run(memory, scopes);
    await memory.store.put(["privacy_canary"], "raw", { note: `card ${CANARY_CARD}, code ${CANARY_DIGITS}.` }, false);
    await memory.settled();
    open = readAllFiles(dir);
  } finally {
    await memory.close();
    await store.stop();
  }

  // Needles: long forms are searched anywhere; all-digit forms shorter than 13 must not appear
  // as a whole run of digits.
  const search = new NeedleSearch();
  const shortDigits = new Map<string, number[]>();
  const owners: Array<{ caseIndex: number; needle: string }> = [];
  for (const c of cases) {
    for (const needle of new Set(c.secret.needles)) {
      if (/^\d+$/.test(needle) && needle.length < 13) {
        shortDigits.set(needle, [...(shortDigits.get(needle) ?? []), c.index]);
      } else {
        search.add(Buffer.from(needle, "utf8"), owners.length);
        owners.push({ caseIndex: c.index, needle });
      }
    }
  }
  const canaryId = owners.length;
  search.add(Buffer.from(CANARY_CARD, "utf8"), canaryId);
  search.build();

  const found: Leak[] = [];
  const sources = [
    ...open.map(({ file, bytes }) => ({ where: `${file.slice(dir.length + 1)} (open)`, bytes })),
    ...readAllFiles(dir).map(({ file, bytes }) => ({ where: file.slice(dir.length + 1), bytes })),
    { where: "(returned values and errors)", bytes: Buffer.from(outputs.join("\n"), "utf8") },
  ];
  for (const { where, bytes } of sources) {
    stats.files++;
    if (where.startsWith("hnsw")) stats.hnswFiles++;
    stats.bytes += bytes.length;
    const report = (caseIndex: number, needle: string) => {
      const c = cases[caseIndex]!;
      found.push({ caseIndex, place: c.place, kind: c.secret.kind, where, needle: mask(needle) });
    };
    search.scan(bytes, (id) => {
      if (id === canaryId) canaries.long = true;
      else report(owners[id]!.caseIndex, owners[id]!.needle);
    });
    for (const run of bytes.toString("latin1").match(/\d+/g) ?? []) {
      if (run === CANARY_DIGITS) canaries.short = true;
      for (const caseIndex of shortDigits.get(run) ?? []) report(caseIndex, run);
    }
  }
  leaks = found;
  stats = { ...stats };
}, 120_000);

describe(`no raw secret anywhere (seed ${SEED.toString(16)}, ${CASES} cases)`, () => {
  it("generated at least 1,000 cases covering every secret type and every place", () => {
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const kinds = new Set(cases.map((c) => c.secret.kind.split("/")[0]));
    expect([...kinds].sort()).toEqual(
      ["api_key", "bank_card", "email", "iban", "id_cn", "ip_address", "password", "phone_cn", "pin", "ssn"].sort(),
    );
    for (const place of PLACES)
      expect(
        cases.some((c) => c.place === place),
        place,
      ).toBe(true);
    expect(stats.remembers).toBeGreaterThan(50);
    expect(stats.recalls).toBeGreaterThan(150);
    expect(stats.records).toBeGreaterThan(0);
    expect(stats.files).toBeGreaterThan(2);
    expect(stats.hnswFiles).toBeGreaterThan(0);
  });

  it("finds a raw value written on purpose (the search itself works)", () => {
    expect(canaries).toEqual({ long: true, short: true });
    expect(stats.bytes).toBeGreaterThan(100_000);
  });

  it.each(PLACES.map((place) => [place]))(
    "no secret put in %s leaks to disk, results, traces, history or errors",
    (place) => {
      const mine = leaks.filter((leak) => leak.place === place);
      const summary = [...new Set(mine.map((l) => `${l.kind} → ${l.where}`))].slice(0, 15);
      expect(mine.length, `${mine.length} leaks, e.g.\n${summary.join("\n")}`).toBe(0);
    },
  );
});
