/**
 * The structured path of recall (seed 001 §4.3–4.4): conditions the query states select the
 * memories ranked, relations answer two-step questions by a join, and the trace says what each
 * did. The same answers on HNSWStore (SQL) and on LangGraph's InMemoryStore (in process).
 */
import { InMemoryStore } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { parseConditions } from "../../src/recall/conditions.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

describe("parseConditions", () => {
  const now = new Date("2026-03-13T10:00:00Z");
  it.each([
    ["What did I do on March 2nd?", { from: "2026-03-02", to: "2026-03-02", anyYear: true }],
    // Asked in March about the past: the nearest past May 2nd (any year's matches all the same).
    ["在5月2号我们聊了什么？", { from: "2025-05-02", to: "2025-05-02", anyYear: true }],
    ["What did I tell you last week?", { from: "2026-03-02", to: "2026-03-08", anyYear: false }],
    ["上个月我去了哪些地方？", { from: "2026-02-01", to: "2026-02-28", anyYear: false }],
    ["Which restaurants did I try in May 2025?", { from: "2025-05-01", to: "2025-05-31", anyYear: false }],
    ["2025年11月我读了什么书？", { from: "2025-11-01", to: "2025-11-30", anyYear: false }],
  ])("reads the period of %s", (query, period) => {
    expect(parseConditions(query, now).time).toEqual([expect.objectContaining(period)]);
  });

  it.each([
    "What should I pack before the trip?",
    "我平时喜欢喝什么？",
    "What did I say about the year-end review this year?",
  ])("names no period in %s", (query) => {
    expect(parseConditions(query, now).time).toEqual([]);
  });

  it("reads status and exclusions, and ranks without the excluded words", () => {
    expect(parseConditions("Which of the bugs I filed are still open?", now).status?.want).toBe("open");
    expect(parseConditions("我提的哪些问题还没解决？", now).status?.want).toBe("open");
    expect(parseConditions("What bugs did I report?", now).status).toBeUndefined();
    expect(parseConditions("How do I open the config file?", now).status).toBeUndefined();
    const apart = parseConditions("Apart from the gym, where did I go last week?", now);
    expect(apart.exclude).toEqual(["the gym"]);
    expect(apart.rankingQuery).not.toMatch(/gym|last week/u);
    expect(parseConditions("除了周三，我哪天有空？", now).exclude).toEqual(["周三"]);
    expect(parseConditions("What did I do on Wednesday?", now).exclude).toEqual([]);
  });
});

const at = (day: string) => `2026-03-${day}T10:00:00Z`;
const conversation: Array<[string, string[]]> = [
  [at("02"), ["Atlas is Priya's baby, she runs it.", "I went to the dentist this morning."]],
  [
    at("05"),
    [
      "The billing service sits on Postgres.",
      "Atlas is the billing service, by the way.",
      "I reported a login bug today.",
    ],
  ],
  [
    at("09"),
    ["Had dinner at Luigi's with my sister.", "I opened a ticket about slow exports.", "我同事王磊负责天穹项目。"],
  ],
  [
    at("12"),
    ["The login bug is finally fixed.", "天穹用的是达梦数据库。", "Went to the dentist again for a cleaning."],
  ],
];

async function filled(kind: "hnsw" | "memory", structured = true): Promise<{ memory: Memory; now: { t: Date } }> {
  const now = { t: new Date(at("01")) };
  const store =
    kind === "memory"
      ? new InMemoryStore({
          index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: RECORD_INDEX_FIELDS },
        })
      : undefined;
  const memory = await createMemory({
    ...(store ? { store, embeddings: new HashEmbeddings({ dims: 256 }) } : suiteMemoryLocation()),
    env: {},
    now: () => now.t,
    structured,
  });
  for (const [time, texts] of conversation) {
    now.t = new Date(time);
    await memory.remember({
      scope: { userId: "u1" },
      messages: texts.map((content, i) => ({ role: "user" as const, content, id: `${time}#${i}` })),
    });
  }
  await memory.remember({
    scope: { userId: "u2" },
    messages: [{ role: "user", content: "The billing service sits on Oracle.", id: "u2#1" }],
  });
  now.t = new Date(at("13"));
  return { memory, now };
}

describe.each(["hnsw", "memory"] as const)("recall with conditions (%s store)", (kind) => {
  const made: Memory[] = [];
  afterAll(async () => {
    for (const m of made) await m.close();
  });
  const open = async (structured = true) => {
    const { memory } = await filled(kind, structured);
    made.push(memory);
    return memory;
  };
  const ask = async (memory: Memory, query: string) => {
    const out = await memory.recall({ scope: { userId: "u1" }, query, limit: 5 });
    await memory.settled();
    return {
      contents: out.memories.map((m) => m.content).join(" | "),
      trace: await memory.trace({ userId: "u1" }, out.traceId),
    };
  };

  it("a day selects that day's memories, and the trace says so", async () => {
    const memory = await open();
    const { contents, trace } = await ask(memory, "What did I do on March 2nd?");
    expect(contents).toMatch(/dentist/u);
    expect(contents).not.toMatch(/cleaning|Luigi|login/u);
    expect(trace.conditions).toEqual([expect.objectContaining({ kind: "time", applied: true, text: "March 2nd" })]);
    const empty = await ask(memory, "What did I do on March 20th?");
    expect(empty.trace.conditions).toEqual([expect.objectContaining({ kind: "time", applied: false, matched: 0 })]);
  });

  it("a two-step relation is joined: the database of the project Priya runs", async () => {
    const memory = await open();
    const { contents, trace } = await ask(memory, "What database does the project Priya runs use?");
    expect(contents).toMatch(/Postgres/u);
    expect(contents).not.toMatch(/Oracle/u);
    expect(trace.conditions?.find((c) => c.kind === "relation")?.detail).toMatch(/Priya leads Atlas/u);
    const zh = await ask(memory, "王磊负责的项目用什么数据库？");
    expect(zh.contents.split(" | ").slice(0, 3).join(" ")).toMatch(/达梦/u);
  });

  it("still open leaves out what a later statement closed; apart from leaves out what it names", async () => {
    const memory = await open();
    const open_ = await ask(memory, "Which of the bugs I reported are still open?");
    expect(open_.contents).toMatch(/slow exports/u);
    expect(open_.contents).not.toMatch(/login/u);
    const apart = await ask(memory, "Apart from the dentist, what did I do last week?");
    expect(apart.contents).not.toMatch(/dentist/u);
    expect(apart.contents).toMatch(/Atlas|login|billing/u);
    expect(apart.trace.conditions?.map((c) => c.kind)).toEqual(["time", "exclude"]);
  });

  it("structured: false ranks by similarity alone", async () => {
    const memory = await open(false);
    const { contents, trace } = await ask(memory, "Which of the bugs I reported are still open?");
    expect(contents).toMatch(/login/u);
    expect(trace.conditions).toBeUndefined();
  });
});
