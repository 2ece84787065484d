/**
 * The model judges the conflicts the rules would ask about: one structured call per run
 * (withStructuredOutput, validated by zod), its verdict applied where it gave one, and the user
 * asked whenever the model fails, replies invalidly or leaves a pair open. Scripted models only.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { describe, expect, it, vi } from "vitest";
import { createWritePipeline } from "../../graphs/write.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { judgeConflicts } from "../../src/write/conflict/judge.js";
import { candidate, memoryStore, record, SCOPE } from "./helpers.js";

const noMemories = JSON.stringify({ memories: [] });
const verdicts = (...items: Array<[pair: number, relation: string, reason: string]>) =>
  JSON.stringify({ judgements: items.map(([pair, relation, reason]) => ({ pair, relation, reason })) });

function scripted(responses: string[]) {
  const model = new FakeListChatModel({ responses });
  const prompts: BaseMessage[][] = [];
  const original = model.invoke.bind(model);
  const invoke = vi.spyOn(model, "invoke").mockImplementation(async (input, options) => {
    prompts.push(input as BaseMessage[]);
    return original(input, options);
  });
  return { model, invoke, prompts };
}

/** A model that cannot give structured output at all. */
class PlainChatModel extends FakeListChatModel {
  override withStructuredOutput(): never {
    throw new Error("withStructuredOutput is not implemented for this model");
  }
}

const apple = () => record("用户喜欢吃苹果", { key: "food.apple" });
const pair = () => ({
  candidate: candidate("用户喜欢喝咖啡", { key: "food.coffee" }),
  existing: apple(),
  rules: "same dimension",
});

describe("judgeConflicts", () => {
  it("returns the verdict of each pair from one structured call", async () => {
    const { model, invoke, prompts } = scripted([verdicts([0, "coexist", "different foods"])]);
    const outcome = await judgeConflicts(model, [pair()]);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(outcome).toEqual({ verdicts: new Map([[0, { relation: "coexist", reason: "different foods" }]]) });
    const text = prompts[0]!.map((m) => String(m.content)).join("\n");
    expect(text).toContain("用户喜欢吃苹果");
    expect(text).toContain("用户喜欢喝咖啡");
  });

  it("reports a failure, never throws, on an invalid reply, an open pair or a model without structured output", async () => {
    const invalid = await judgeConflicts(scripted(["not json at all"]).model, [pair()]);
    expect(invalid.verdicts.size).toBe(0);
    expect(invalid.failure).toMatch(/model judgement failed/);
    const wrongRelation = await judgeConflicts(scripted([verdicts([0, "replace", "?"])]).model, [pair()]);
    expect(wrongRelation.failure).toMatch(/validation/);
    const open = await judgeConflicts(scripted([verdicts([0, "coexist", "fine"])]).model, [pair(), pair()]);
    expect(open.verdicts.size).toBe(1);
    expect(open.failure).toMatch(/left 1 of 2 pairs open/);
    const plain = await judgeConflicts(new PlainChatModel({ responses: [verdicts([0, "coexist", "x"])] }), [pair()]);
    expect(plain.failure).toMatch(/not implemented/);
  });
});

describe("the write graph with a model", () => {
  async function storeWithApple() {
    const store = memoryStore();
    const old = apple();
    await store.put(recordsNamespace(SCOPE), old.id, old);
    return { store, old };
  }
  const say = (content: string) => ({
    messages: [{ role: "user", content, at: "2024-06-01T10:00:00Z", id: "m1" }],
  });

  it("lets the model settle what the rules would ask: one extraction call, one judging call", async () => {
    const { store, old } = await storeWithApple();
    const { model, invoke } = scripted([noMemories, verdicts([0, "coexist", "coffee and apples are different foods"])]);
    const run = createWritePipeline({ store, model });
    const { memoryWrite } = await run(say("我喜欢喝咖啡"), { user_id: SCOPE.userId });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(memoryWrite.pending).toEqual([]);
    expect(memoryWrite.written.map((r) => r.content)).toEqual(["用户喜欢喝咖啡"]);
    expect((await store.get(recordsNamespace(SCOPE), old.id))!.value.status).toBe("active");
  });

  it("keeps the model's verdict when persist decides again because another write landed first", async () => {
    const { store, old } = await storeWithApple();
    const { model, invoke } = scripted([noMemories, verdicts([0, "coexist", "different foods"])]);
    const run = createWritePipeline({ store, model });
    const other = createWritePipeline({ store });
    // While the model judges, another run commits to the same user: persist must decide again
    // against the store as it now is (on PostgreSQL it always does), and the verdict still holds.
    invoke.mockImplementation(async (input, options) => {
      if (invoke.mock.calls.length === 2)
        await other(
          { messages: [{ role: "user", content: "我住在杭州", at: "2024-06-01T09:00:00Z", id: "o1" }] },
          { user_id: SCOPE.userId },
        );
      return FakeListChatModel.prototype.invoke.call(model, input, options);
    });
    const { memoryWrite } = await run(say("我喜欢喝咖啡"), { user_id: SCOPE.userId });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(memoryWrite.pending).toEqual([]);
    expect(memoryWrite.written.map((r) => r.content)).toEqual(["用户喜欢喝咖啡"]);
    expect((await store.get(recordsNamespace(SCOPE), old.id))!.value.status).toBe("active");
    const contents = (await store.search(recordsNamespace(SCOPE), { limit: 20 })).map((i) => i.value.content);
    expect(contents).toContain("用户住在杭州");
  });

  it("applies a supersede verdict, and records the model's reason in the history", async () => {
    const { store, old } = await storeWithApple();
    const { model } = scripted([noMemories, verdicts([0, "supersede", "the user switched from apples to coffee"])]);
    const { memoryWrite } = await createWritePipeline({ store, model })(say("我喜欢喝咖啡"), { user_id: SCOPE.userId });
    expect(memoryWrite.superseded.map((r) => r.id)).toEqual([old.id]);
    const history = await store.search(["memory", "_default", SCOPE.userId, "history"], { limit: 10 });
    expect(history.some((h) => String(h.value.reason).includes("model judgement: the user switched"))).toBe(true);
  });

  it("asks the user when the model fails or leaves the pair open", async () => {
    for (const reply of ["{ broken", verdicts(), verdicts([0, "ask_user", "cannot tell"])]) {
      const { store } = await storeWithApple();
      const { model } = scripted([noMemories, reply]);
      const { memoryWrite } = await createWritePipeline({ store, model })(say("我喜欢喝咖啡"), {
        user_id: SCOPE.userId,
      });
      expect(memoryWrite.written).toEqual([]);
      expect(memoryWrite.pending.map((r) => r.content)).toEqual(["用户喜欢喝咖啡"]);
    }
  });

  it("makes no judging call when the rules decide everything", async () => {
    const { store } = await storeWithApple();
    const { model, invoke } = scripted([noMemories]);
    await createWritePipeline({ store, model })(say("我最近不吃苹果了"), { user_id: SCOPE.userId });
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});
