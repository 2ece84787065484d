/**
 * Structured facts read from a memory's sentence (src/facts/relations.ts): each rule has cases it
 * must fire on, in both languages and in wordings unlike its comment's, and cases it must not.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EN_RULES, entityKey, relationsOf, ZH_RULES } from "../../src/facts/relations.js";
import { recordStructure } from "../../src/facts/structure.js";
import { epochDay } from "../../src/store/item-structure.js";

const triples = (content: string) =>
  relationsOf(content).map((r) => [
    entityKey(r.subject),
    r.predicate,
    r.predicate === "status" ? r.object : entityKey(r.object),
  ]);

describe("relationsOf", () => {
  it.each([
    ["The user's colleague Bob leads project Atlas", ["bob", "leads", "atlas"]],
    ["The user said Kite is basically Mei's project", ["mei", "leads", "kite"]],
    ["The user said the ledger service is built on Rust", ["ledger", "uses", "rust"]],
    ["The user's cousin Ines relocated to Porto last spring", ["ines", "lives_in", "porto"]],
    ["The user said Tomas reports to Greta", ["tomas", "reports_to", "greta"]],
    ["The user said the export bug was closed", ["export", "status", "closed"]],
    ["The user said Orchid is the onboarding app", ["orchid", "same_as", "onboarding"]],
    ["The user said Dr. Okafor oversees the triage pilot", ["okafor", "leads", "triage"]],
    // A name with its type after it is the same entity as the bare name.
    ["The user said the Heron app runs on Kotlin", ["heron", "uses", "kotlin"]],
    ["The user said Sana heads the Lumen pilot", ["sana", "leads", "lumen"]],
    ["用户说星河项目由李航负责", ["李航", "leads", "星河"]],
    ["用户说星河的负责人是李航", ["李航", "leads", "星河"]],
    ["用户说李航那边是风控组的", ["李航", "member_of", "风控"]],
    ["用户说星河跑在腾讯云上", ["星河", "uses", "腾讯云"]],
    ["用户的表妹小雨住在厦门", ["小雨", "lives_in", "厦门"]],
    ["用户说那张报销单终于办完了", ["报销单", "status", "closed"]],
  ])("%s", (content, expected) => {
    expect(triples(content)).toContainEqual(expected);
  });

  it.each([
    "The user prefers short replies",
    "The user does not eat cilantro",
    "The assistant suggested that Atlas uses Redis",
    "助手推荐用户试试瑜伽",
    "用户不吃香菜，点外卖记得备注",
    "The user is tired today",
    "用户喜欢周末去公园跑步",
    "The user thinks the Heron app is great",
    "The user told the Lumen study team a joke",
    // 用户 is "the user", not the verb 用 followed by a name.
    "用户说天穹用户很多",
  ])("states no relation: %s", (content) => {
    expect(triples(content).filter(([s]) => s !== "user")).toEqual([]);
  });

  it("names the user's people as the user's relations, without the verb after the name", () => {
    expect(triples("用户的同事王磊搬到了杭州")).toEqual([
      ["user", "relation", "王磊"],
      ["王磊", "lives_in", "杭州"],
    ]);
  });

  it("keeps at most eight relations of one sentence and each once", () => {
    const long = Array.from({ length: 20 }, (_, i) => `Project P${i} uses Tool${i}.`).join(" ");
    expect(relationsOf(long)).toHaveLength(8);
    expect(relationsOf("Atlas uses Postgres. Atlas uses Postgres.")).toHaveLength(1);
  });
});

describe("entityKey", () => {
  it("meets a name across its wordings", () => {
    expect(entityKey("Project Atlas")).toBe(entityKey("the Atlas project"));
    expect(entityKey("天穹项目")).toBe(entityKey("天穹"));
    expect(entityKey("Dr. Amadi")).toBe(entityKey("Amadi"));
    expect(entityKey("我")).toBe("user");
  });
});

describe("recordStructure", () => {
  const record = {
    id: "m1",
    kind: "episode",
    key: "episode.x",
    content: "The user went to the dentist on 2026-03-02",
    observedAt: "2026-03-03T10:00:00Z",
    status: "active",
  };

  it("holds the day said and the days the sentence names", () => {
    expect(recordStructure(record)?.days.sort()).toEqual([epochDay("2026-03-02"), epochDay("2026-03-03")]);
  });

  it("takes a model's facts over the rules' reading", () => {
    const facts = [{ subject: "Atlas", predicate: "uses", object: "Postgres" }];
    expect(recordStructure({ ...record, facts })?.facts).toEqual([
      { ...facts[0], subjectKey: "atlas", objectKey: "postgres" },
    ]);
  });

  it("gives the cold tier and values that are not memories no rows", () => {
    expect(recordStructure({ ...record, tier: "cold" })).toBeUndefined();
    expect(recordStructure({ traceId: "t1", query: "Atlas uses Postgres" })).toBeUndefined();
  });
});

describe("relation rule triggers", () => {
  // Every rule is skipped when its trigger does not match, so the trigger must match wherever
  // the pattern does. Checked on every string of this file and of the eval sets (dialog turns,
  // structured questions, MemoryBank's conversations), each also in the "The user said …" form
  // the rewriter produces.
  const strings = (value: unknown, out: string[]): string[] => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) for (const v of value) strings(v, out);
    else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
    return out;
  };
  const corpus = (): string[] => {
    const root = path.join(import.meta.dirname, "../..");
    const texts = [
      ...fs.readFileSync(path.join(root, "test/facts/relations.test.ts"), "utf8").matchAll(/"([^"\n]{4,300})"/gu),
    ].map((m) => m[1]!);
    for (const dir of ["eval/dialogs", "eval/structured", "eval/memorybank-dev"])
      for (const file of fs.readdirSync(path.join(root, dir)))
        if (file.endsWith(".json")) strings(JSON.parse(fs.readFileSync(path.join(root, dir, file), "utf8")), texts);
    return texts
      .flatMap((t) => t.split(/(?<=[.!?;。！？；])\s{0,3}/u))
      .flatMap((t) => [t, `The user said ${t}`, `用户说${t}`]);
  };

  it("a rule's trigger matches every sentence its pattern matches", () => {
    const sentences = corpus();
    expect(sentences.length).toBeGreaterThan(5_000);
    let matched = 0;
    for (const rule of [...EN_RULES, ...ZH_RULES])
      for (const sentence of sentences) {
        rule.pattern.lastIndex = 0;
        if (!rule.pattern.test(sentence)) continue;
        matched++;
        expect(rule.trigger.test(sentence), `${rule.trigger} on "${sentence}"`).toBe(true);
      }
    for (const rule of [...EN_RULES, ...ZH_RULES]) rule.pattern.lastIndex = 0;
    // The check saw each language's rules fire many times.
    expect(matched).toBeGreaterThan(200);
  });

  it("a sentence without any rule's verb skips the patterns", () => {
    const none = ["The user said the weather in spring is mild", "用户说今天天气很好"];
    for (const s of none)
      expect([...EN_RULES, ...ZH_RULES].filter((r) => r.trigger.test(s)).map((r) => r.trigger.source)).toEqual([]);
  });
});
