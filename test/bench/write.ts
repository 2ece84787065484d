/**
 * Write benchmark: `npm run bench:write [-- --quick | --n=<messages>]`.
 * Also --batch= (messages per call, 20), --users= (4), --per-turn= (messages in the per-turn run),
 * --model-batches= (calls with the scripted model), --seed=, --templated= (statements in the
 * templated case, 100,000; 4,000 with --quick), --templated-batch= (100), --queries= (recalls
 * scored for hit@10, 500), --only=conversation|templated|history, --postgres=<url> (the batched, per-turn
 * and templated runs again on PostgreSQL, in throwaway schemas, printed beside the embedded
 * store's with the ratio; the conversation's outcomes compared one by one).
 *
 * Generated bilingual conversations (seeded, so every run sees the same turns) go through the
 * facade, `createMemory({ dir, env: {} })` → `memory.remember()`, into a fresh HNSWStore:
 * preferences, facts, dated todos, procedures, episodes, small talk and questions that must be
 * dropped, repeated statements (reinforce) and changed ones (supersede / ask). Measured:
 * messages/s end to end in batches and per turn, rule extraction alone, each node's share of a
 * run, LangGraph's own cost for a trivial graph of the same shape, and the model path's calls
 * per batch with a scripted model.
 *
 * The templated case writes distinct statements from four templates (projects and their
 * databases, colleagues and their cities, friends' hobbies in Chinese, appointments) into ONE
 * scope and measures messages/s per tenth of the run (flat when per-message work does not grow
 * with the store), how many stay active (each is a distinct fact: all of them should) and
 * exact-target hit@10 (a recall naming one project or person finds that statement). The same
 * statements are then written again in bulk (`remember({ bulk: { messagesPerRun } })`, one
 * call per tenth, vector-graph inserts deferred: src/write/bulk.ts), with the same figures, and
 * the bulk scope exported and imported into two fresh stores, with and without `{ bulk: true }`
 * (records/s). After the turn-by-turn run, `--turns-at-size=` (200) more statements are
 * remembered one call each into the full scope: per-turn p50/p95, beside the same turns into an
 * empty store in the same run. --no-bulk skips the bulk and import runs.
 *
 * The history case (`--key-updates=`, 10,000; 1,000 with --quick) says one key's value again
 * and again ("My locker number is N", each call superseding the last) and times a write at the
 * start and at the end: flat when the conflict lookups read a bounded number of the key's
 * versions (src/write/conflict/key-index.ts).
 * Progress goes to stderr, results to stdout.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import pg from "pg";
import { z } from "zod";
import { createMemory, type Memory } from "../../src/memory.js";
import { normalizeMessages, type PlainMessage } from "../../src/messages.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { redactMessages } from "../../src/redact.js";
import { scanNamespace } from "../../src/store/scan.js";
import { JUDGE_INSTRUCTIONS } from "../../src/write/conflict/judge.js";
import { extractCandidates } from "../../src/write/extract/index.js";
import { createRng } from "./fixtures.js";

const TARGET_MESSAGES_PER_SECOND = 500;
const TARGET_MODEL_CALLS_PER_BATCH = 1; // one extraction call per batch of messages
const NODES = ["redact", "extract", "score", "resolve_conflict", "ask_user", "persist"] as const;

const Args = z.object({
  n: z.number().int().min(20).max(1_000_000),
  batch: z.number().int().min(1).max(500),
  users: z.number().int().min(1).max(1_000),
  perTurn: z.number().int().min(20).max(1_000_000),
  modelBatches: z.number().int().min(1).max(10_000),
  seed: z.number().int(),
  templated: z.number().int().min(0).max(1_000_000),
  templatedBatch: z.number().int().min(1).max(1_000),
  queries: z.number().int().min(1).max(100_000),
  only: z.enum(["all", "conversation", "templated", "history"]),
  bulk: z.boolean(),
  turnsAtSize: z.number().int().min(0).max(100_000),
  keyUpdates: z.number().int().min(0).max(1_000_000),
  postgres: z.string().min(1).optional(),
});
type Args = z.infer<typeof Args>;

function parseArgs(argv: string[]): Args {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match)
      throw new Error(
        `Unknown argument '${arg}'. Expected --quick, --n=, --batch=, --users=, --per-turn=, --model-batches=, --seed=, --templated=, --templated-batch=, --queries=, --only=, --postgres=, --no-bulk, --turns-at-size=, --key-updates=.`,
      );
    flags.set(match[1]!, match[2] ?? "true");
  }
  const known = [
    "quick",
    "n",
    "batch",
    "users",
    "per-turn",
    "model-batches",
    "seed",
    "templated",
    "templated-batch",
    "queries",
    "only",
    "postgres",
    "no-bulk",
    "turns-at-size",
    "key-updates",
  ];
  for (const name of flags.keys())
    if (!known.includes(name))
      throw new Error(`Unknown flag --${name}; known: ${known.map((k) => `--${k}`).join(" ")}.`);
  const num = (name: string) => (flags.has(name) ? Number(flags.get(name)) : undefined);
  const quick = flags.has("quick");
  const n = num("n") ?? (quick ? 300 : 2_000);
  const parsed = Args.safeParse({
    n,
    batch: num("batch") ?? 20,
    users: num("users") ?? 4,
    perTurn: num("per-turn") ?? Math.min(n, quick ? 300 : 600),
    modelBatches: num("model-batches") ?? (quick ? 10 : 40),
    seed: num("seed") ?? 7,
    templated: num("templated") ?? (quick ? 4_000 : 100_000),
    templatedBatch: num("templated-batch") ?? 100,
    queries: num("queries") ?? 500,
    only: flags.get("only") ?? "all",
    bulk: !flags.has("no-bulk"),
    turnsAtSize: num("turns-at-size") ?? 200,
    keyUpdates: num("key-updates") ?? (quick ? 1_000 : 10_000),
    postgres: flags.get("postgres"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Bad value for --${issue.path.join(".")}: ${issue.message}.`);
  }
  return parsed.data;
}

// ---- conversations ----------------------------------------------------------------------

type Lang = "zh" | "en";
type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const V = {
  zh: {
    food: ["香菜", "花生", "海鲜", "辣椒", "羊肉", "榴莲", "茄子", "洋葱", "芹菜", "苦瓜"],
    drink: ["咖啡", "绿茶", "乌龙茶", "气泡水", "燕麦拿铁", "豆浆", "可乐"],
    project: ["灯塔", "竹林", "彗星", "磐石", "凤凰", "北斗", "极光", "猎鹰"],
    city: ["上海", "北京", "深圳", "杭州", "成都", "南京", "厦门", "西安"],
    task: ["提交报销", "续签护照", "交季度报告", "预约牙医", "备份电脑", "准备演示"],
    due: ["周五之前", "月底之前", "下周二之前", "明天中午之前", "下周之前"],
    tool: ["make gen", "lint", "冒烟测试", "terraform plan", "单元测试"],
    action: ["发版", "合并代码", "数据库迁移", "上线", "提测"],
    error: ["502", "504 超时", "内存泄漏", "死锁", "慢查询"],
    cause: ["网关超时", "证书过期", "连接池耗尽", "缺少索引", "磁盘写满"],
    when: ["上周", "昨天", "前天", "上个月", "周一"],
    activity: ["爬山", "骑行", "游泳", "打羽毛球", "看了一场电影", "去了趟超市"],
    laptop: ["Mac", "ThinkPad", "Surface", "华为笔记本"],
    db: ["SQLite", "PostgreSQL", "MySQL", "Redis"],
  },
  en: {
    food: ["cilantro", "peanuts", "shellfish", "mushrooms", "lamb", "olives", "raw onions", "celery"],
    drink: ["coffee", "green tea", "oolong tea", "sparkling water", "hot chocolate", "orange juice"],
    project: ["Phoenix", "Atlas", "Orion", "Nebula", "Falcon", "Aurora", "Helix", "Comet"],
    city: ["Boston", "Berlin", "London", "Toronto", "Singapore", "Seattle", "Austin", "Lisbon"],
    task: [
      "send the quarterly report",
      "renew the passport",
      "file the expense claim",
      "review the pull request",
      "book a venue",
    ],
    due: ["by Friday", "by the end of the month", "by next Tuesday", "by tomorrow", "next week"],
    tool: ["the tests", "the linter", "terraform plan", "the smoke tests", "make gen"],
    action: ["pushing", "deploying", "merging", "every release", "a database migration"],
    error: ["502", "504", "memory leak", "deadlock", "slow query"],
    cause: [
      "a gateway timeout",
      "an expired certificate",
      "an exhausted connection pool",
      "a missing index",
      "a full disk",
    ],
    when: ["Yesterday", "Last week", "Two days ago", "Last month", "On Monday"],
    activity: ["went hiking", "went to a support group", "watched a movie", "visited my parents", "went cycling"],
    laptop: ["Mac", "ThinkPad", "Surface", "Chromebook"],
    db: ["SQLite", "PostgreSQL", "MySQL", "Redis"],
  },
} as const;
type Vocab = (typeof V)[Lang];

/** A statement that can later be repeated or changed: `change` says it differently. */
interface Statement {
  text: string;
  change?: (rand: Rand) => string;
}

const SAY: Record<Lang, Record<string, (r: Rand, v: Vocab) => Statement>> = {
  zh: {
    preference: (r, v) => {
      const d = pick(r, v.drink);
      return pick(r, [
        { text: `我不吃${pick(r, v.food)}，点外卖记得备注。` },
        { text: `我喜欢喝${d}。`, change: () => `我最近不喝${d}了。` },
        { text: "以后都用中文回复我。", change: () => "以后都用英文回复我。" },
        { text: "快递请发顺丰。", change: () => "快递以后发京东物流。" },
      ]);
    },
    fact: (r, v) =>
      pick(r, [
        {
          text: `我们团队有 ${3 + Math.floor(r() * 20)} 个人。`,
          change: (r2) => `我们团队现在有 ${24 + Math.floor(r2() * 20)} 个人。`,
        },
        { text: `我的项目代号是${pick(r, v.project)}。`, change: (r2) => `我的项目代号改成${pick(r2, v.project)}了。` },
        { text: `我用的是 ${pick(r, v.laptop)}。` },
        { text: `我住在${pick(r, v.city)}。`, change: (r2) => `我现在住在${pick(r2, v.city)}。` },
      ]),
    todo: (r, v) => ({ text: `我${pick(r, v.due)}要${pick(r, v.task)}。` }),
    procedure: (r, v) => ({ text: `我们约定：每次${pick(r, v.action)}前必须先跑 ${pick(r, v.tool)}。` }),
    episode: (r, v) =>
      pick(r, [
        { text: `${pick(r, v.when)}排查过一个 ${pick(r, v.error)}，是${pick(r, v.cause)}导致的。` },
        { text: `我${pick(r, v.when)}${pick(r, v.activity)}。` },
      ]),
    transient: (r, v) => ({ text: `这次先用 ${pick(r, v.db)}，上线再换 PG。` }),
    smalltalk: (r) => ({ text: pick(r, ["你好！", "谢谢！", "好的", "哈哈", "早上好", "嗯嗯，明白了", "辛苦了"]) }),
    question: (r, v) => ({
      text: pick(r, [
        `明天${pick(r, v.city)}天气怎么样？`,
        "你能帮我写个 SQL 查询吗？",
        `${pick(r, v.error)} 一般怎么排查？`,
        "这段代码哪里有问题？",
      ]),
    }),
  },
  en: {
    preference: (r, v) => {
      const d = pick(r, v.drink);
      return pick(r, [
        { text: `I don't eat ${pick(r, v.food)}, remember to note it when ordering takeout.` },
        { text: `I like drinking ${d}.`, change: () => `I no longer drink ${d}.` },
        { text: "I prefer concise answers.", change: () => "I prefer detailed answers with examples." },
        { text: "From now on, reply in English.", change: () => "From now on, reply in Chinese." },
      ]);
    },
    fact: (r, v) =>
      pick(r, [
        {
          text: `Our team has ${3 + Math.floor(r() * 20)} people.`,
          change: (r2) => `Our team has ${24 + Math.floor(r2() * 20)} people now.`,
        },
        {
          text: `My project's codename is ${pick(r, v.project)}.`,
          change: (r2) => `My project's codename is ${pick(r2, v.project)} now.`,
        },
        { text: `I use a ${pick(r, v.laptop)}.` },
        { text: `I live in ${pick(r, v.city)}.`, change: (r2) => `I live in ${pick(r2, v.city)} now.` },
      ]),
    todo: (r, v) => ({ text: `I need to ${pick(r, v.task)} ${pick(r, v.due)}.` }),
    procedure: (r, v) => ({ text: `We agreed: always run ${pick(r, v.tool)} before ${pick(r, v.action)}.` }),
    episode: (r, v) =>
      pick(r, [
        { text: `${pick(r, v.when)} we debugged a ${pick(r, v.error)} caused by ${pick(r, v.cause)}.` },
        { text: `${pick(r, v.when)} I ${pick(r, v.activity)}.` },
        { text: `My sister moved to ${pick(r, v.city)} last year.` },
      ]),
    transient: (r, v) => ({ text: `Use ${pick(r, v.db)} for now, switch to PG at launch.` }),
    smalltalk: (r) => ({
      text: pick(r, ["Hi there!", "Thanks!", "ok", "Good morning!", "Got it, thanks.", "haha", "Sounds good."]),
    }),
    question: (r, v) => ({
      text: pick(r, [
        `What's the weather in ${pick(r, v.city)} tomorrow?`,
        "How do I reverse a list in Python?",
        `How do I debug a ${pick(r, v.error)}?`,
        "Can you review this query?",
      ]),
    }),
  },
};

const REPLY: Record<Lang, { ack: string[]; answer: string[] }> = {
  zh: {
    ack: ["好的，我记住了。", "收到。", "明白，已记下。"],
    answer: ["明天多云，气温 18 度。", "可以先看网关日志和超时配置。", "这里的循环少了终止条件。"],
  },
  en: {
    ack: ["Got it, noted.", "Sure, I'll remember that.", "Noted."],
    answer: ["Use list.reverse() or slicing.", "Check the gateway logs first.", "Tomorrow looks cloudy, around 18°C."],
  },
};

// Share of user turns per kind; repeats and changes refer to what the same user said before.
const MIX: ReadonlyArray<[string, number]> = [
  ["smalltalk", 14],
  ["question", 14],
  ["preference", 14],
  ["fact", 12],
  ["todo", 8],
  ["procedure", 6],
  ["episode", 10],
  ["transient", 4],
  ["repeat", 9],
  ["change", 9],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

export interface Turn {
  userId: string;
  message: PlainMessage & { at: string };
}

/**
 * Deterministic bilingual conversations: `n` messages over `users` users, user turns often
 * followed by an assistant reply, times a few minutes apart over several days. User 0 speaks
 * mostly Chinese, user 1 mostly English, the others switch freely.
 */
export function generateConversation(n: number, users: number, seed: number): Turn[][] {
  const rand = createRng(seed);
  const streams: Turn[][] = Array.from({ length: users }, () => []);
  const said: Array<Array<{ lang: Lang; statement: Statement }>> = Array.from({ length: users }, () => []);
  const clock = Array.from({ length: users }, (_, u) => Date.parse("2024-05-06T01:00:00Z") + u * 3_600_000);
  let total = 0;
  let id = 0;
  const push = (u: number, role: "user" | "assistant", content: string) => {
    clock[u]! += (1 + Math.floor(rand() * 30)) * 60_000 + (rand() < 0.05 ? 86_400_000 : 0);
    streams[u]!.push({
      userId: `user-${u}`,
      message: { id: `msg-${++id}`, role, content, at: new Date(clock[u]!).toISOString() },
    });
    total++;
  };
  while (total < n) {
    const u = Math.floor(rand() * users);
    const lang: Lang =
      u === 0 ? (rand() < 0.85 ? "zh" : "en") : u === 1 ? (rand() < 0.85 ? "en" : "zh") : rand() < 0.5 ? "zh" : "en";
    let kind = weighted(rand);
    const history = said[u]!;
    if ((kind === "repeat" && history.length === 0) || (kind === "change" && !history.some((h) => h.statement.change)))
      kind = "fact";
    let text: string;
    let replyLang = lang;
    if (kind === "repeat") {
      const old = pick(rand, history);
      text = old.statement.text;
      replyLang = old.lang;
    } else if (kind === "change") {
      const old = pick(
        rand,
        history.filter((h) => h.statement.change),
      );
      text = old.statement.change!(rand);
      replyLang = old.lang;
    } else {
      const statement = SAY[lang][kind]!(rand, V[lang]);
      text = statement.text;
      if (kind !== "smalltalk" && kind !== "question") history.push({ lang, statement });
    }
    push(u, "user", text);
    if (total < n && rand() < 0.45)
      push(u, "assistant", pick(rand, kind === "question" ? REPLY[replyLang].answer : REPLY[replyLang].ack));
  }
  return streams;
}

function weighted(rand: Rand): string {
  let x = rand() * MIX_TOTAL;
  for (const [kind, w] of MIX) {
    x -= w;
    if (x < 0) return kind;
  }
  return MIX[MIX.length - 1]![0];
}

/** One `remember()` call: one user's consecutive messages. */
interface Call {
  userId: string;
  messages: PlainMessage[];
}

/** Each user's stream cut into calls of `size` messages, interleaved across users. */
function batchesOf(streams: Turn[][], size: number): Call[] {
  return interleave(
    streams.map((turns) => {
      const out: Call[] = [];
      for (let i = 0; i < turns.length; i += size)
        out.push({ userId: turns[i]!.userId, messages: turns.slice(i, i + size).map((t) => t.message) });
      return out;
    }),
  );
}

/** Each user's stream cut into turns: one user message plus the assistant reply that follows it. */
function turnsOf(streams: Turn[][]): Call[] {
  return interleave(
    streams.map((turns) => {
      const out: Call[] = [];
      for (const t of turns) {
        if (t.message.role === "assistant" && out.length > 0) out[out.length - 1]!.messages.push(t.message);
        else out.push({ userId: t.userId, messages: [t.message] });
      }
      return out;
    }),
  );
}

/** Users take turns, as several conversations reaching one memory service would. */
function interleave(perUser: Call[][]): Call[] {
  const out: Call[] = [];
  for (let round = 0; perUser.some((calls) => calls.length > round); round++)
    for (const calls of perUser) if (calls[round]) out.push(calls[round]!);
  return out;
}

// ---- 100k distinct templated statements in one scope -------------------------------------

/**
 * One generated statement: its message, and a recall query that names its project or person
 * (exact-target hit@10: the statement's own message must be among the recalled memories).
 */
export interface TemplatedStatement {
  template: "project" | "colleague" | "friend" | "appointment";
  message: PlainMessage & { id: string; at: string };
  query: string;
}

const SYLLABLES = {
  project: wordsOf(
    "zor vak tel min dra quo fen sil bar nox lum kai rho vex ta pim gul sar ost wen bel cor dun fal gri hob jun kel mor nev pax tur",
  ),
  surname: wordsOf("har mel ford ling bro wick dell sto ton ram ber gan ness cott wy lan ash rid ville ko"),
  first: wordsOf(`Anna Bob Carla Dmitri Elena Farid Grace Hiro Ines Jamal Keiko Liam Maya Nikhil Olga Pablo
    Quinn Rosa Sven Tara Umar Vera Wei Xenia Yusuf Zoe Aiko Bruno Chloe Diego Emil Fatima Gus Hana Ivan Julia`),
  zhSurname: wordsOf("王 李 张 刘 陈 杨 赵 黄 周 吴 徐 孙 胡 朱 高 林 何 郭 马 罗"),
  zhDoctor: wordsOf("郑 谢 韩 唐 冯 于 董 萧 程 曹 袁 邓 许 傅 沈 曾 彭 吕 苏 卢"),
  zhGiven: wordsOf(`晓 明 华 丽 静 伟 芳 娜 敏 强 磊 洋 艳 勇 军 杰 娟 涛 超 霞 平 刚 桂 英 玉 兰 萍 鹏 辉 建 文 斌
    宇 浩 凯 秀 红 亮 飞 云`),
};
const VALUES = {
  database: wordsOf(`PostgreSQL MySQL SQLite MongoDB Redis Cassandra DynamoDB ClickHouse Elasticsearch MariaDB
    CockroachDB Neo4j`),
  city: wordsOf(`Boston Osaka Berlin Lisbon Toronto Seattle Austin Dublin Madrid Prague Vienna Oslo Helsinki
    Denver Chicago Sydney Melbourne Auckland Montreal Zurich`),
  hobby: wordsOf("攀岩 滑雪 钓鱼 书法 围棋 烘焙 插花 陶艺 编织 骑行 潜水 露营 弹吉他 下象棋 打羽毛球 跳舞 养花 摄影"),
  clinic: wordsOf("看牙 复诊 体检 拔牙 做理疗 配眼镜 打疫苗 看皮肤科"),
};

function wordsOf(list: string): string[] {
  return list.split(/\s+/).filter((w) => w.length > 0);
}

/**
 * The i-th name of a generated sequence: distinct for every i below the product of the list
 * sizes. A prime stride scatters consecutive i over the lists, so neighbours differ in every part.
 */
function nth(lists: readonly (readonly string[])[], i: number): string[] {
  const size = lists.reduce((n, list) => n * list.length, 1);
  let rest = (i * 7919) % size;
  const out: string[] = [];
  for (const list of lists) {
    out.push(list[rest % list.length]!);
    rest = Math.floor(rest / list.length);
  }
  return out;
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * `n` distinct statements from four templates, a quarter each: projects and their databases
 * and colleagues and their cities in English, friends' hobbies and appointments in Chinese.
 * Every name is generated (syllables, surnames and given names crossed), so no two statements
 * are alike however many are made; values (databases, cities, hobbies) repeat.
 */
export function templatedStatements(n: number, seed: number): TemplatedStatement[] {
  const rand = createRng(seed);
  const start = Date.parse("2024-05-06T01:00:00Z");
  const out: TemplatedStatement[] = [];
  for (let i = 0; i < n; i++) {
    const j = Math.floor(i / 4);
    const at = new Date(start + i * 1000).toISOString();
    const message = (content: string) => ({ id: `t-${i}`, role: "user" as const, content, at });
    switch (i % 4) {
      case 0: {
        const name = capital(nth([SYLLABLES.project, SYLLABLES.project, SYLLABLES.project], j).join(""));
        const db = pick(rand, VALUES.database);
        out.push({
          template: "project",
          message: message(`Our project ${name} uses ${db} as its database.`),
          query: `Which database does project ${name} use?`,
        });
        break;
      }
      case 1: {
        const [first, a, b, c] = nth([SYLLABLES.first, SYLLABLES.surname, SYLLABLES.surname, SYLLABLES.surname], j);
        const name = `${first} ${capital(`${a}${b}${c}`)}`;
        out.push({
          template: "colleague",
          message: message(`My colleague ${name} moved to ${pick(rand, VALUES.city)} last year.`),
          query: `Where does my colleague ${name} live now?`,
        });
        break;
      }
      case 2: {
        const [surname, g1, g2] = nth([SYLLABLES.zhSurname, SYLLABLES.zhGiven, SYLLABLES.zhGiven], j);
        const name = `${surname}${g1}${g2}`;
        out.push({
          template: "friend",
          message: message(`我的朋友${name}很喜欢${pick(rand, VALUES.hobby)}。`),
          query: `我朋友${name}喜欢什么？`,
        });
        break;
      }
      default: {
        const [surname, g1, g2] = nth([SYLLABLES.zhDoctor, SYLLABLES.zhGiven, SYLLABLES.zhGiven], j);
        const name = `${surname}${g1}${g2}`;
        const month = 6 + Math.floor(rand() * 6);
        const day = 1 + Math.floor(rand() * 28);
        out.push({
          template: "appointment",
          message: message(`我${month}月${day}日下午约了${name}医生${pick(rand, VALUES.clinic)}。`),
          query: `我约了${name}医生什么时候？`,
        });
      }
    }
  }
  return out;
}

// ---- measuring --------------------------------------------------------------------------

const progress = (message: string) => process.stderr.write(`[bench:write] ${message}\n`);
const rate = (count: number, ms: number) => (count * 1000) / ms;

const OUTCOMES = [
  "written",
  "reinforced",
  "superseded",
  "merged",
  "pending",
  "rejected",
  "exceptions",
  "extractionFailures",
] as const;
type Tally = Record<(typeof OUTCOMES)[number], number>;

async function rememberAll(
  memory: Memory,
  calls: Call[],
  label: string,
): Promise<{ ms: number; cpuMs: number; tally: Tally }> {
  const tally = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Tally;
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (const [i, call] of calls.entries()) {
    const out = await memory.remember({ scope: { userId: call.userId }, messages: call.messages });
    for (const outcome of OUTCOMES) tally[outcome] += out[outcome].length;
    if ((i + 1) % 25 === 0) progress(`${label}: ${i + 1}/${calls.length} calls`);
  }
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, tally };
}

/** Wall time of each node of the write graph, from LangChain callbacks (run name = node name). */
class NodeTimer extends BaseCallbackHandler {
  name = "bench-node-timer";
  readonly totals = new Map<string, number>();
  private readonly open = new Map<string, { node: string; start: number }>();
  override handleChainStart(
    _chain: unknown,
    _inputs: unknown,
    runId: string,
    _parent?: string,
    _tags?: string[],
    _meta?: Record<string, unknown>,
    _type?: string,
    runName?: string,
  ): void {
    if (runName && (NODES as readonly string[]).includes(runName))
      this.open.set(runId, { node: runName, start: performance.now() });
  }
  override handleChainEnd(_outputs: unknown, runId: string): void {
    const run = this.open.get(runId);
    if (!run) return;
    this.open.delete(runId);
    this.totals.set(run.node, (this.totals.get(run.node) ?? 0) + performance.now() - run.start);
  }
}

/** The same six-step shape with nodes that do nothing: what LangGraph itself costs per invoke. */
async function trivialGraphMs(invokes: number): Promise<{ wall: number; cpu: number }> {
  const last = <T>(fallback: () => T) => Annotation<T>({ reducer: (_p: T, next: T) => next, default: fallback });
  const State = Annotation.Root({ messages: last<unknown[]>(() => []), steps: last<number>(() => 0) });
  const step = (s: { steps: number }) => ({ steps: s.steps + 1 });
  const graph = new StateGraph(State)
    .addNode("redact", step)
    .addNode("extract", step)
    .addNode("score", step)
    .addNode("resolve_conflict", step)
    .addNode("ask_user", step)
    .addNode("persist", step)
    .addEdge(START, "redact")
    .addEdge("redact", "extract")
    .addEdge("extract", "score")
    .addEdge("score", "resolve_conflict")
    .addEdge("resolve_conflict", "ask_user")
    .addEdge("ask_user", "persist")
    .addEdge("persist", END)
    .compile();
  for (let i = 0; i < 20; i++) await graph.invoke({ messages: [] });
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < invokes; i++) await graph.invoke({ messages: [] });
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - start) / invokes, cpu: (used.user + used.system) / 1000 / invokes };
}

// ---- the model path ---------------------------------------------------------------------

/**
 * A scripted chat model that counts its generations. Its default reply is a valid extraction
 * for the first user message of the prompt; `script` replies are used first, in order.
 */
class CountingChatModel extends FakeListChatModel {
  /** Extraction calls. */
  calls = 0;
  /** Calls judging the conflicts the rules would ask about (at most one per run). */
  judgeCalls = 0;
  private readonly script: string[];
  constructor(script: string[] = []) {
    super({ responses: ["{}"] });
    this.script = [...script];
  }
  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const prompt = String(messages[messages.length - 1]?.content ?? "");
    if (String(messages[0]?.content ?? "") === JUDGE_INSTRUCTIONS) {
      // Leave every pair to the user: the write then ends as it would without a model.
      this.judgeCalls++;
      const pairs = [...prompt.matchAll(/^Pair (\d+):/gm)].map((m) => Number(m[1]));
      const text = JSON.stringify({
        judgements: pairs.map((pair) => ({ pair, relation: "ask_user", reason: "scripted" })),
      });
      return { generations: [{ message: new AIMessage(text), text }], llmOutput: {} };
    }
    this.calls++;
    const text = this.script.shift() ?? this.reply(prompt);
    return { generations: [{ message: new AIMessage(text), text }], llmOutput: {} };
  }
  private reply(prompt: string): string {
    const line = /^\[([^\]]+)\] user at \S+: (.+)$/m.exec(prompt);
    const memories = line
      ? [
          {
            kind: "fact",
            key: "bench.model_note",
            content: `The user mentioned: ${line[2]!.slice(0, 80)}`,
            confidence: 0.7,
            messageIds: [line[1]],
            stated: true,
          },
        ]
      : [];
    return JSON.stringify({ memories });
  }
}

async function modelPath(args: Args, batches: Call[], made: (label: string) => string) {
  const dir = made("model");
  const model = new CountingChatModel();
  const memory = await createMemory({ dir, env: {}, model });
  try {
    const runs = batches.slice(0, args.modelBatches);
    let failures = 0;
    const start = performance.now();
    for (const call of runs)
      failures += (await memory.remember({ scope: { userId: call.userId }, messages: call.messages }))
        .extractionFailures.length;
    const mps = rate(
      runs.reduce((s, r) => s + r.messages.length, 0),
      performance.now() - start,
    );
    const perBatch = model.calls / runs.length;
    const judgedPerBatch = model.judgeCalls / runs.length;

    const repairing = new CountingChatModel(["Sure! Here are the memories: {memories: [oops"]);
    const memory2 = await createMemory({ dir: made("repair"), env: {}, model: repairing });
    const out = await memory2.remember({ scope: { userId: "repair" }, messages: runs[0]!.messages });
    await memory2.close();
    return {
      batches: runs.length,
      perBatch,
      judgedPerBatch,
      mps,
      failures,
      repairCalls: repairing.calls,
      repairFailures: out.extractionFailures.length,
    };
  } finally {
    await memory.close();
  }
}

// ---- the templated case ----------------------------------------------------------------

/** Before distinct facts were kept apart (same 100k statements, batches of 100). */
const TEMPLATED_BEFORE = "13,213 of 100,000 active, exact-target hit@10 0.03, 334 msg/s";
const TARGET_TEMPLATED_ACTIVE = 0.99;
const TARGET_TEMPLATED_HIT = 0.9;
const TARGET_TEMPLATED_MPS = 1_000;

interface TemplatedOutcome {
  n: number;
  calls: number;
  ms: number;
  /** Messages per second over each tenth of the run: flat when work does not grow with the store. */
  deciles: number[];
  active: number;
  tally: Tally;
  queries: number;
  hits: number;
  byTemplate: Record<string, { queries: number; hits: number }>;
  recallMs: number;
}

/**
 * `args.templated` distinct statements into ONE scope, `templatedBatch` per remember() call,
 * then `queries` recalls, each naming one project or person: a hit when the statement's own
 * message is among the top 10 recalled memories.
 */
async function templatedCase(
  args: Args,
  target: { dir: string } | { postgres: { connectionString: string; schema: string } },
  options: { bulk?: boolean; atSize?: (memory: Memory) => Promise<void> } = {},
): Promise<TemplatedOutcome> {
  const statements = templatedStatements(args.templated, args.seed);
  const scope = { userId: "templated" };
  // Recall on the day of the last statement: appointments (todos) are still ahead then.
  const last = Date.parse(statements.at(-1)!.message.at);
  const memory = await createMemory({ ...target, env: {}, now: () => new Date(last + 60_000) });
  const tally = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Tally;
  const deciles: number[] = [];
  const tenth = Math.max(1, Math.ceil(statements.length / 10));
  let calls = 0;
  try {
    const start = performance.now();
    let mark = start;
    // In bulk, one remember() per tenth, written in runs of templatedBatch inside the store's bulk load.
    const step = options.bulk ? tenth : args.templatedBatch;
    for (let i = 0; i < statements.length; i += step) {
      const batch = statements.slice(i, i + step);
      const messages = batch.map((s) => s.message);
      const out = await memory.remember(
        options.bulk ? { scope, messages, bulk: { messagesPerRun: args.templatedBatch } } : { scope, messages },
      );
      for (const outcome of OUTCOMES) tally[outcome] += out[outcome].length;
      calls++;
      const done = i + batch.length;
      if (Math.floor(done / tenth) > deciles.length || done === statements.length) {
        const now = performance.now();
        deciles.push(rate(done - deciles.length * tenth, now - mark));
        mark = now;
        progress(`templated: ${done}/${statements.length} (${deciles.at(-1)!.toFixed(0)} msg/s)`);
      }
    }
    const ms = performance.now() - start;
    // Counted in large pages: list() pages by 100, which over 100k records reads the scope
    // hundreds of times.
    const active = (
      await scanNamespace(memory.store, recordsNamespace(scope), { filter: { status: "active" }, pageSize: 10_000 })
    ).length;

    const rand = createRng(args.seed + 2);
    const sample = Array.from({ length: Math.min(args.queries, statements.length) }, () => pick(rand, statements));
    const byTemplate: TemplatedOutcome["byTemplate"] = {};
    let hits = 0;
    const recallStart = performance.now();
    for (const s of sample) {
      const { memories } = await memory.recall({ scope, query: s.query, limit: 10, includeKnowledge: false });
      const hit = memories.some((m) => m.source.messageIds.includes(s.message.id));
      const t = byTemplate[s.template] ?? { queries: 0, hits: 0 };
      byTemplate[s.template] = t;
      t.queries++;
      if (hit) {
        t.hits++;
        hits++;
      }
    }
    const recallMs = performance.now() - recallStart;
    await options.atSize?.(memory);
    return {
      n: statements.length,
      calls,
      ms,
      deciles,
      active,
      tally,
      queries: sample.length,
      hits,
      byTemplate,
      recallMs,
    };
  } finally {
    await memory.close();
  }
}

/** The templated case on PostgreSQL (a throwaway schema), beside the embedded store's figures. */
async function postgresTemplated(args: Args, embedded: TemplatedOutcome): Promise<string[]> {
  const schema = `bench_write_${process.pid}`;
  progress(`templated on PostgreSQL: ${args.templated} statements in one scope (schema ${schema})`);
  try {
    const t = await templatedCase(args, { postgres: { connectionString: args.postgres!, schema } });
    const rate = (o: TemplatedOutcome) => o.n / (o.ms / 1000);
    return [
      `templated statements on PostgreSQL (same statements, same run; schema dropped afterwards)`,
      `  messages/s: ${rate(t).toFixed(0)} (embedded ${rate(embedded).toFixed(0)}, ×${(rate(t) / rate(embedded)).toFixed(2)})   (per tenth: ${t.deciles.map((d) => d.toFixed(0)).join(" ")})`,
      `  active memories: ${t.active} of ${t.n}   exact-target hit@10: ${(t.hits / t.queries).toFixed(3)} (embedded ${(embedded.hits / embedded.queries).toFixed(3)}; ${(t.recallMs / t.queries).toFixed(1)} ms per recall)`,
    ];
  } finally {
    await dropSchemas(args.postgres!, [schema, `${schema}_sessions`, `${schema}_tasks`]);
  }
}

/**
 * The conversation's batched and per-turn runs again on PostgreSQL (a throwaway schema each):
 * messages/s beside the embedded store's, and whether every outcome (written, superseded, asked,
 * …) came out the same, which the rules make deterministic on any store.
 */
async function postgresConversation(
  args: Args,
  batches: Call[],
  turns: Call[],
  embedded: { batched: { ms: number; tally: Tally }; perTurn: { ms: number; tally: Tally } },
): Promise<string[]> {
  const lines = ["conversation on PostgreSQL (same calls, same run; schemas dropped afterwards)"];
  for (const [label, calls, messages, base] of [
    ["batched", batches, args.n, embedded.batched],
    ["per turn", turns, args.perTurn, embedded.perTurn],
  ] as const) {
    const schema = `bench_write_${process.pid}_${label === "batched" ? "batched" : "turns"}`;
    progress(`${label} on PostgreSQL: ${messages} messages in ${calls.length} calls (schema ${schema})`);
    try {
      const memory = await createMemory({ postgres: { connectionString: args.postgres!, schema }, env: {} });
      const run = await rememberAll(memory, calls, `${label} on PostgreSQL`);
      await memory.close();
      const same = OUTCOMES.every((o) => run.tally[o] === base.tally[o]);
      lines.push(
        `  ${label}: ${rate(messages, run.ms).toFixed(0)} messages/s (embedded ${rate(messages, base.ms).toFixed(0)}, ×${(base.ms / run.ms).toFixed(2)}); ${(run.ms / calls.length).toFixed(1)} ms per call`,
        `    outcomes ${same ? "identical to the embedded store's" : `DIFFER: ${OUTCOMES.map((o) => `${o} ${run.tally[o]} vs ${base.tally[o]}`).join(", ")}`}`,
      );
    } finally {
      await dropSchemas(args.postgres!, [schema, `${schema}_sessions`, `${schema}_tasks`]);
    }
  }
  return lines;
}

async function dropSchemas(url: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

function templatedLines(args: Args, t: TemplatedOutcome): string[] {
  const ok = (good: boolean) => (good ? "OK" : "MISS");
  const mps = rate(t.n, t.ms);
  const activeShare = t.active / t.n;
  const hit = t.hits / t.queries;
  return [
    `templated statements (N=${t.n} distinct, one scope, ${t.calls} calls of ${args.templatedBatch}; projects/databases and colleagues/cities in English, friends' hobbies and appointments in Chinese)`,
    `  messages/s: ${mps.toFixed(0)}   target >= ${TARGET_TEMPLATED_MPS}   ${ok(mps >= TARGET_TEMPLATED_MPS)}   (per tenth of the run: ${t.deciles.map((d) => d.toFixed(0)).join(" ")})`,
    `  active memories: ${t.active} of ${t.n} (${(100 * activeShare).toFixed(1)}%)   target >= ${100 * TARGET_TEMPLATED_ACTIVE}%   ${ok(activeShare >= TARGET_TEMPLATED_ACTIVE)}`,
    `  exact-target hit@10: ${hit.toFixed(3)} over ${t.queries} queries   target >= ${TARGET_TEMPLATED_HIT}   ${ok(hit >= TARGET_TEMPLATED_HIT)}   (${Object.entries(
      t.byTemplate,
    )
      .map(([name, b]) => `${name} ${(b.hits / b.queries).toFixed(2)}`)
      .join(", ")}; ${(t.recallMs / t.queries).toFixed(1)} ms per recall)`,
    `  outcome: ${OUTCOMES.map((o) => `${o} ${t.tally[o]}`).join(", ")}`,
    `  before (100k, batches of 100): ${TEMPLATED_BEFORE}`,
  ];
}

// ---- at size: per turn, bulk, import, one key's history ----------------------------------

const TARGET_TURN_P50_MS = 20;
const TARGET_BULK_MPS = 1_000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `count` more statements, one remember() each, into `memory`'s templated scope: ms per call, sorted. */
async function turnTimes(memory: Memory, args: Args, count: number): Promise<number[]> {
  const extra = templatedStatements(args.templated + count, args.seed + 5).slice(args.templated);
  const times: number[] = [];
  for (const s of extra) {
    const start = performance.now();
    await memory.remember({ scope: { userId: "templated" }, messages: [s.message] });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** The same turns into an empty store: the anchor for the per-turn figure at size. */
async function turnTimesEmpty(args: Args, dir: string): Promise<number[]> {
  const memory = await createMemory({ dir, env: {} });
  try {
    return await turnTimes(memory, args, args.turnsAtSize);
  } finally {
    await memory.close();
  }
}

function turnLines(args: Args, atSize: number[], empty: number[]): string[] {
  const p50 = quantile(atSize, 0.5);
  return [
    `per turn at size (${atSize.length} statements, one remember() each, into the scope of ${args.templated}): p50 ${p50.toFixed(1)} ms, p95 ${quantile(atSize, 0.95).toFixed(1)} ms   target p50 <= ${TARGET_TURN_P50_MS} ms   ${p50 <= TARGET_TURN_P50_MS ? "OK" : "MISS"}`,
    `  anchor, the same turns into an empty store: p50 ${quantile(empty, 0.5).toFixed(1)} ms, p95 ${quantile(empty, 0.95).toFixed(1)} ms`,
  ];
}

function bulkLines(args: Args, bulk: TemplatedOutcome, calls: TemplatedOutcome): string[] {
  const mps = rate(bulk.n, bulk.ms);
  const same = OUTCOMES.every((o) => bulk.tally[o] === calls.tally[o]);
  return [
    `templated statements in bulk (same ${bulk.n}, remember({ bulk: { messagesPerRun: ${args.templatedBatch} } }) per tenth; graph inserts deferred, searched exactly meanwhile)`,
    `  messages/s: ${mps.toFixed(0)} (remember() calls above: ${rate(calls.n, calls.ms).toFixed(0)}, ×${(calls.ms / bulk.ms).toFixed(2)})   target >= ${TARGET_BULK_MPS}   ${mps >= TARGET_BULK_MPS ? "OK" : "MISS"}   (per tenth: ${bulk.deciles.map((d) => d.toFixed(0)).join(" ")})`,
    `  active ${bulk.active} of ${bulk.n}; exact-target hit@10 ${(bulk.hits / bulk.queries).toFixed(3)} (calls: ${(calls.hits / calls.queries).toFixed(3)}); outcomes ${same ? "identical to the calls'" : `DIFFER: ${OUTCOMES.map((o) => `${o} ${bulk.tally[o]} vs ${calls.tally[o]}`).join(", ")}`}`,
  ];
}

/** A document imported into two fresh stores, as it is and in bulk: records per second. */
async function importLines(doc: unknown, made: (label: string) => string): Promise<string[]> {
  const timed = async (bulk: boolean) => {
    const memory = await createMemory({ dir: made(bulk ? "import-bulk" : "import"), env: {} });
    try {
      const start = performance.now();
      const report = await memory.import({ userId: "imported" }, doc, { bulk });
      await memory.close();
      return { ms: performance.now() - start, records: report.records + report.episodes };
    } catch (error) {
      await memory.close();
      throw error;
    }
  };
  progress("import: as it is");
  const plain = await timed(false);
  progress("import: in bulk");
  const bulk = await timed(true);
  return [
    `import of the bulk scope's export (${plain.records} records, one transaction; store closed, graphs written, inside the time)`,
    `  records/s: ${rate(bulk.records, bulk.ms).toFixed(0)} with { bulk: true }, ${rate(plain.records, plain.ms).toFixed(0)} without (×${(plain.ms / bulk.ms).toFixed(2)})`,
  ];
}

/**
 * One key said again and again with a new value, each call superseding the last: ms per write
 * over the first and the last 5% of the calls. Flat when a write reads a bounded number of the
 * key's versions.
 */
async function historyLines(args: Args, dir: string): Promise<string[]> {
  const memory = await createMemory({ dir, env: {} });
  const times: number[] = [];
  try {
    const scope = { userId: "history" };
    const start = Date.parse("2020-01-01T09:00:00Z");
    for (let i = 0; i < args.keyUpdates; i++) {
      const at = new Date(start + i * 3_600_000).toISOString();
      const t = performance.now();
      await memory.remember({
        scope,
        messages: [{ id: `h-${i}`, role: "user", content: `My locker number is ${1000 + i}.`, at }],
      });
      times.push(performance.now() - t);
      if ((i + 1) % Math.max(1, Math.floor(args.keyUpdates / 10)) === 0)
        progress(`history: ${i + 1}/${args.keyUpdates}`);
    }
    const active = (await memory.list(scope, { status: "active" })).length;
    const share = Math.max(1, Math.floor(times.length / 20));
    const median = (xs: number[]) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    const first = median(times.slice(0, share));
    const last = median(times.slice(-share));
    return [
      `one key updated ${args.keyUpdates} times (each call supersedes the last; ${active} active at the end)`,
      `  ms per write, median of the first ${share}: ${first.toFixed(1)}, of the last ${share}: ${last.toFixed(1)} (×${(last / first).toFixed(2)}; flat when the lookups read a bounded number of versions)`,
    ];
  } finally {
    await memory.close();
  }
}

// ---- main -------------------------------------------------------------------------------

/** The generated conversations: batched, per turn, node shares, extraction alone, the model path. */
async function conversationCase(args: Args, made: (label: string) => string, load: number): Promise<string[]> {
  const streams = generateConversation(args.n, args.users, args.seed);
  const batches = batchesOf(streams, args.batch);
  {
    progress(`batched: ${args.n} messages in ${batches.length} calls`);
    const memory = await createMemory({ dir: made("batched"), env: {} });
    const batched = await rememberAll(memory, batches, "batched");
    await memory.close();

    // Per turn: what an agent calling remember() after every exchange pays.
    const turnStreams = generateConversation(args.perTurn, args.users, args.seed);
    const turns = turnsOf(turnStreams);
    progress(`per turn: ${args.perTurn} messages in ${turns.length} calls`);
    const perTurnMemory = await createMemory({ dir: made("turns"), env: {} });
    const perTurn = await rememberAll(perTurnMemory, turns, "per turn");
    await perTurnMemory.close();

    // Node shares: a second, separate batched run with a callback timer (callbacks cost a little).
    progress("node timing run");
    const timer = new NodeTimer();
    const timed = await createMemory({ dir: made("timed"), env: {} });
    const timedStart = performance.now();
    for (const call of batches) {
      await timed.graphs.write.invoke(
        { messages: call.messages },
        { configurable: { user_id: call.userId, interactive: false }, callbacks: [timer] },
      );
    }
    const timedMs = performance.now() - timedStart;
    await timed.close();
    const nodeMs = NODES.reduce((s, n) => s + (timer.totals.get(n) ?? 0), 0);

    progress("extract only");
    const prepared = batches.map((b) => redactMessages(normalizeMessages(b.messages)).messages);
    const extractStart = performance.now();
    for (const messages of prepared) await extractCandidates(messages);
    const extractMs = performance.now() - extractStart;

    progress("trivial graph");
    const trivial = await trivialGraphMs(500);

    progress(`model path: ${args.modelBatches} batches`);
    const model = await modelPath(args, batches, made);

    const mps = rate(args.n, batched.ms);
    const turnMps = rate(args.perTurn, perTurn.ms);
    const ok = (good: boolean) => (good ? "OK" : "MISS");
    const t = batched.tally;
    const lines = [
      `write bench (N=${args.n} messages, ${batches.length} batches of ${args.batch}, ${args.users} users, seed ${args.seed}; ${os.cpus().length} cores, load average ${load.toFixed(1)} at start)`,
      `messages/s (offline, HNSWStore, batches of ${args.batch}): ${mps.toFixed(0)}   target >= ${TARGET_MESSAGES_PER_SECOND}   ${ok(mps >= TARGET_MESSAGES_PER_SECOND)}`,
      `  per remember() call: ${(batched.ms / batches.length).toFixed(1)} ms wall, ${(batched.cpuMs / batches.length).toFixed(1)} ms process CPU`,
      `messages/s (offline, HNSWStore, per turn, ${turns.length} calls of ~${(args.perTurn / turns.length).toFixed(1)}): ${turnMps.toFixed(0)}   target >= ${TARGET_MESSAGES_PER_SECOND}   ${ok(turnMps >= TARGET_MESSAGES_PER_SECOND)}`,
      `  per remember() call: ${(perTurn.ms / turns.length).toFixed(1)} ms wall, ${(perTurn.cpuMs / turns.length).toFixed(1)} ms process CPU`,
      `outcome (batched): ${OUTCOMES.map((o) => `${o} ${t[o]}`).join(", ")}`,
      `rule extraction only: ${rate(args.n, extractMs).toFixed(0)} messages/s (${(extractMs / batches.length).toFixed(2)} ms per batch)`,
      `node shares (separate timed run, ${(timedMs / batches.length).toFixed(1)} ms per call, ${((100 * nodeMs) / timedMs).toFixed(0)}% inside nodes):`,
      `  ${NODES.map((n) => `${n} ${((100 * (timer.totals.get(n) ?? 0)) / timedMs).toFixed(0)}%`).join(" · ")} · outside nodes (LangGraph, callbacks) ${((100 * (timedMs - nodeMs)) / timedMs).toFixed(0)}%`,
      `LangGraph alone (trivial 6-node graph): ${trivial.wall.toFixed(2)} ms wall, ${trivial.cpu.toFixed(2)} ms CPU per invoke; per-turn ceiling with nodes that cost nothing: ~${rate(args.perTurn / turns.length, trivial.wall).toFixed(0)} msg/s`,
      `model extraction calls per batch: ${model.perBatch.toFixed(2)}   target ${TARGET_MODEL_CALLS_PER_BATCH}   ${ok(model.perBatch === TARGET_MODEL_CALLS_PER_BATCH)}   (${model.batches} batches, ${model.failures} failures, ${model.mps.toFixed(0)} msg/s with the scripted model)`,
      `  conflict judging calls per batch: ${model.judgedPerBatch.toFixed(2)} (at most one, in a batch with a conflict the rules would ask about)`,
      `malformed-then-valid reply: ${model.repairCalls} calls   expected 2   ${ok(model.repairCalls === 2 && model.repairFailures === 0)}`,
    ];
    if (args.postgres) lines.push(...(await postgresConversation(args, batches, turns, { batched, perTurn })));
    return lines;
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // Other processes on a 2-core machine move these numbers a lot: the summary says how busy it was.
  const load = os.loadavg()[0]!;
  const dirs: string[] = [];
  const made = (label: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `bench-write-${label}-`));
    dirs.push(d);
    return d;
  };
  try {
    // Warm-up on a throwaway store: module loading, JIT and the first HNSW index are not the write path.
    progress("warming up");
    const warm = await createMemory({ dir: made("warm"), env: {} });
    await rememberAll(warm, batchesOf(generateConversation(200, 2, args.seed + 1), args.batch), "warm-up");
    await warm.close();
    const lines: string[] = [];
    lines.unshift(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    if (args.only === "all" || args.only === "conversation") lines.push(...(await conversationCase(args, made, load)));
    if ((args.only === "all" || args.only === "templated") && args.templated > 0) {
      progress(`templated: ${args.templated} statements in one scope`);
      let atSize: number[] = [];
      const outcome = await templatedCase(
        args,
        { dir: made("templated") },
        {
          atSize: async (memory) => {
            if (args.turnsAtSize === 0) return;
            progress(`per turn at size: ${args.turnsAtSize} statements`);
            atSize = await turnTimes(memory, args, args.turnsAtSize);
          },
        },
      );
      lines.push(...templatedLines(args, outcome));
      if (atSize.length > 0) {
        progress("per turn into an empty store (anchor)");
        lines.push(...turnLines(args, atSize, await turnTimesEmpty(args, made("turns-empty"))));
      }
      if (args.bulk) {
        progress(`templated in bulk: ${args.templated} statements`);
        let doc: unknown;
        const bulk = await templatedCase(
          args,
          { dir: made("templated-bulk") },
          {
            bulk: true,
            atSize: async (memory) => {
              doc = await memory.export({ userId: "templated" });
            },
          },
        );
        lines.push(...bulkLines(args, bulk, outcome));
        lines.push(...(await importLines(doc, made)));
      }
      if (args.postgres) lines.push(...(await postgresTemplated(args, outcome)));
    }
    if ((args.only === "all" || args.only === "history") && args.keyUpdates > 0) {
      progress(`history: one key updated ${args.keyUpdates} times`);
      lines.push(...(await historyLines(args, made("history"))));
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

// Runs when executed (npm run bench:write), not when another script imports the generator.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
