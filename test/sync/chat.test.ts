/**
 * Seed 004 §1–2: business facts come from the system of record, never from a chat. "用户随口说
 * '这个客户快签了'，Agent 就记成'客户已签约'，后面再生成周报，事故就来了。" Chat produces at most the
 * user's word as said, inferred and marked unconfirmed, never a business fact; a synced fact stays
 * as its system wrote it.
 */
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/memory.js";
import type { MemoryRecord } from "../../src/schema.js";
import { decideConflict } from "../../src/write/conflict/decide.js";
import { claimsBusinessState } from "../../src/write/cues.js";
import { admit, asBusinessHearsay, parseAdmissionConfig } from "../../src/write/scoring.js";
import { candidate, record } from "../write/helpers.js";
import { CONTRACT_NEGOTIATING, NOW, ORDER_SHIPPED, openedPerTest, user, WANG } from "./helpers.js";

const open = openedPerTest();

const SEED_REMARKS = ["这个客户快签了", "合同已经签了吧", "订单应该发货了"];
const MORE_ZH = ["王总的合同已经签了，记住。", "我们跟华为的合同已经签好了，记住。", "我的会员等级是金卡"];
const MORE_EN = [
  "The Wang contract is signed.",
  "Order A1029 has shipped, remember that.",
  "Remember: the customer's contract status is signed.",
  "We signed the contract with Wang yesterday.",
  "The customer is a gold member now.",
  "Acme's contract is basically done, they'll sign next week.",
];

/** Every record of the scope that is a memory of the user (not an episode of the conversation). */
async function userMemories(memory: Memory): Promise<MemoryRecord[]> {
  return memory.list(WANG);
}

describe("chat never writes or overwrites a business fact", () => {
  it("the seed's remarks and their like, in both languages: at most the user's unconfirmed word; the synced facts untouched", async () => {
    const memory = await open();
    const synced = await memory.sync(WANG, [CONTRACT_NEGOTIATING, ORDER_SHIPPED], { system: "crm" });
    const before = await memory.list(WANG, { kind: "business_fact" });
    expect(before).toHaveLength(2);

    for (const text of [...SEED_REMARKS, ...MORE_ZH, ...MORE_EN]) {
      const out = await memory.remember({ scope: WANG, messages: [user(text)] });
      for (const note of out.written.filter((r) => r.about !== "conversation"))
        expect(note, text).toMatchObject({
          kind: expect.not.stringMatching(/^business_fact$/),
          source: { type: "inferred" },
        });
      expect(out.pending, text).toEqual([]);
      expect([...out.reinforced, ...out.superseded, ...out.merged], text).toEqual([]);
    }

    const records = await userMemories(memory);
    const business = records.filter((r) => r.kind === "business_fact");
    expect(business).toEqual(before);
    expect(business.every((r) => r.source.type === "system_sync")).toBe(true);
    const notes = records.filter((r) => r.kind !== "business_fact");
    expect(notes.length).toBeGreaterThanOrEqual(5);
    for (const note of notes) {
      expect(note, note.content).toMatchObject({ status: "active", source: { type: "inferred" } });
      expect(note.confidence).toBeLessThanOrEqual(0.6);
    }
    // Recalled, each says it is the user's word, not the system's.
    const recalled = await memory.recall({ scope: WANG, query: "Order A1029 shipped?", limit: 20 });
    const line = recalled.context.split("\n").find((l) => l.includes("Order A1029 has shipped"));
    expect(line).toMatch(/\[unconfirmed\]/);
    expect(recalled.context).not.toMatch(/\[business fact\][^\n]*A1029 has shipped/);
    expect(await memory.pending(WANG)).toEqual([]);
    const [first] = await memory.history(WANG, notes[0]!.id);
    expect(first!.reason).toMatch(/unconfirmed word \(inferred\), never a business fact/);
    // The synced history has the system's entries only.
    for (const change of synced.changes)
      expect((await memory.history(WANG, change.id!)).map((e) => e.sync?.system)).toEqual(["crm"]);
  });

  it("a model that reads 这个客户快签了 as 客户已签约 leaves a pending note, and its business_fact is refused", async () => {
    const signed = (kind: string) =>
      JSON.stringify({
        memories: [
          {
            kind,
            key: "customer.wang.contract",
            content: "客户已签约",
            confidence: 0.95,
            messageIds: ["m-seed"],
            stated: true,
          },
        ],
      });
    const model = new FakeListChatModel({
      responses: [signed("fact"), signed("business_fact"), signed("business_fact")],
    });
    const memory = await open({ model });
    await memory.sync(WANG, [CONTRACT_NEGOTIATING], { system: "crm" });
    const message = { id: "m-seed", ...user("这个客户快签了") };

    const inferred = await memory.remember({ scope: WANG, messages: [message] });
    expect(inferred.pending.map((p) => [p.content, p.status, p.source.type])).toEqual([
      ["客户已签约", "pending", "inferred"],
    ]);
    const claimed = await memory.remember({ scope: WANG, messages: [{ ...message, id: "m-seed-2" }] });
    expect(claimed.extractionFailures).toHaveLength(1);
    expect(claimed.written.filter((r) => r.kind === "business_fact")).toEqual([]);
    const business = await memory.list(WANG, { kind: "business_fact" });
    expect(business.map((r) => r.source.type)).toEqual(["system_sync"]);
  });

  it("an explicit statement that would replace a synced fact is outranked; repeating it adds nothing", () => {
    const config = parseAdmissionConfig();
    const synced = record(
      "The user's shipping carrier is SF Express",
      { kind: "business_fact", sourceType: "system_sync", key: "shipping.carrier", value: "SF Express" },
      { confidence: 1, source: { type: "system_sync", messageIds: [], system: "erp" } },
    );
    const decide = (content: string, value: string) => {
      const verdict = admit(candidate(content, { kind: "fact", key: "shipping.carrier", value }), 0, config);
      if (!("admitted" in verdict)) throw new Error(verdict.rejected.message);
      return decideConflict(verdict.admitted, [{ record: synced, similarity: 0.9 }], { recordId: "new" });
    };
    const replace = decide("The user's shipping carrier is JD Logistics", "JD Logistics");
    expect(replace).toMatchObject({ relation: "supersede", action: "reject", rejection: "outranked" });
    expect(replace.reason).toMatch(/is a business fact from erp, which chat cannot change/);
    const repeat = decide("The user's shipping carrier is SF Express", "SF Express");
    expect(repeat).toMatchObject({ action: "reject", rejection: "already_known" });
  });

  it("an order's state is no taste: 发 of 已发货 is not the preference verb 发 (发顺丰)", async () => {
    const memory = await open();
    const out = await memory.remember({
      scope: WANG,
      messages: [user("M4934刚更新为已发货。"), user("快递请发顺丰。")],
    });
    const [order, carrier] = [
      out.written.find((r) => r.content.includes("M4934")),
      out.written.find((r) => r.content.includes("顺丰")),
    ];
    expect(order).toMatchObject({ kind: "fact", status: "active", source: { type: "inferred" } });
    expect(carrier).toMatchObject({ kind: "preference", source: { type: "explicit" } });
  });

  it("a synced fact goes before the chat's word on it, not before one about something else", async () => {
    const memory = await open();
    await memory.sync(WANG, [CONTRACT_NEGOTIATING], { system: "crm" });
    await memory.remember({ scope: WANG, messages: [user("M4934刚更新为已发货。")] });
    const { memories } = await memory.recall({ scope: WANG, query: "M4934到哪一步了", limit: 10 });
    expect(memories.map((m) => m.source.type)).toContain("system_sync");
    const claim = memories.findIndex((m) => m.source.type === "inferred");
    expect(claim).toBe(0);
  });

  it("recognises business-state claims, not tastes or plans about the same words", () => {
    for (const text of [...SEED_REMARKS, ...MORE_ZH, ...MORE_EN, "用户说这个客户快签约了", "客户的尾款已经到账"])
      expect(claimsBusinessState(text), text).toBe(true);
    for (const text of [
      "我喜欢用顺丰发快递",
      "The user prefers invoices as PDF attachments",
      "用户不吃香菜",
      "My favourite order at Starbucks is a flat white",
      "我在健身房办了会员",
    ])
      expect(claimsBusinessState(text), text).toBe(false);
    // A plan or a taste stays the user's own: only facts and events are hearsay.
    const plan = candidate("用户下周要跟王总签合同", { kind: "todo" });
    expect(asBusinessHearsay(plan)).toBe(plan);
    expect(asBusinessHearsay(candidate("王总的合同已经签了", { kind: "fact" }))).toMatchObject({
      sourceType: "inferred",
      signals: { businessHearsay: true },
    });
  });
});

describe("seed 004's accident: a chat remark becoming a signed contract in a weekly report", () => {
  it("the weekly report gets the CRM's status, not the chat's claim; query_order gets the synced order", async () => {
    const memory = await open();
    await memory.sync(WANG, [CONTRACT_NEGOTIATING, ORDER_SHIPPED], { system: "crm" });
    await memory.remember({
      scope: WANG,
      messages: [user("这个客户快签了"), user("王总的合同已经签了，周报里记得写上。"), user("我写周报喜欢用表格。")],
    });

    const report = await memory.recall({ scope: WANG, query: "写本周周报：王总的合同进展", task: "weekly_report" });
    expect(report.context).toContain("王总的合同状态：谈判中，尚未签署");
    expect(report.context).not.toMatch(/合同已经?签了|已签约|签好了/);
    for (const m of report.memories)
      expect(
        m.kind === "preference" || (m.kind === "business_fact" && m.source.type === "system_sync"),
        m.content,
      ).toBe(true);

    // Without a task policy every kind is recalled: the chat's claim is there as the user's word,
    // inferred and marked unconfirmed, after the system's record; never a business fact.
    const general = await memory.recall({ scope: WANG, query: "王总的合同签了吗", limit: 20 });
    expect(general.context).toContain("尚未签署");
    const claims = general.memories.filter((m) => m.about !== "conversation" && /签了|已签/.test(m.content));
    for (const claim of claims) expect(claim).toMatchObject({ kind: "fact", source: { type: "inferred" } });
    const lines = general.context.split("\n");
    const crm = lines.findIndex((l) => l.includes("尚未签署"));
    for (const claim of claims) {
      const at = lines.findIndex((l) => l.includes(claim.content));
      expect(lines[at]).toContain("[未经确认]");
      expect(at).toBeGreaterThan(crm);
    }

    const order = await memory.recall({ scope: WANG, query: "王总的订单发货了吗", task: "query_order" });
    expect(order.memories.map((m) => m.content)).toEqual(expect.arrayContaining([ORDER_SHIPPED.content]));
    expect(order.memories.every((m) => m.source.type === "system_sync")).toBe(true);
    expect(order.context).toContain("[业务事实]");

    // Once the CRM says it is signed, the report says so.
    await memory.sync(
      WANG,
      [{ ...CONTRACT_NEGOTIATING, content: "王总的合同状态：已签署", value: "signed", observedAt: NOW.toISOString() }],
      { system: "crm" },
    );
    const after = await memory.recall({ scope: WANG, query: "写本周周报：王总的合同进展", task: "weekly_report" });
    expect(after.context).toContain("王总的合同状态：已签署");
    expect(after.context).not.toContain("尚未签署");
  });
});
