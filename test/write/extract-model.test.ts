import type { BaseMessage } from "@langchain/core/messages";
import { RunnableLambda } from "@langchain/core/runnables";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createExtractNode } from "../../nodes/write/extract.js";
import type { ChatMessage } from "../../src/messages.js";
import { extractCandidates } from "../../src/write/extract/index.js";
import { ModelExtractionRequestSchema } from "../../src/write/extract/model.js";

const AT = "2024-05-07T10:00:00+08:00";
const messages: ChatMessage[] = [
  { id: "u1", role: "user", content: "我不吃香菜，点外卖记得备注。", at: AT },
  { id: "a1", role: "assistant", content: "好的，我记住了。", at: "2024-05-07T10:00:05+08:00" },
  // Nothing the rules catch (no subject, no marker): only the model can add it.
  { id: "u2", role: "user", content: "顺便说一下，平时主要写 Go 和 Rust", at: "2024-05-07T10:01:00+08:00" },
  { id: "s1", role: "system", content: "You are a helpful assistant.", at: AT },
];

const memories = (...items: object[]) => JSON.stringify({ memories: items });
const stack = {
  kind: "fact",
  key: "tool.programming_language",
  content: "用户平时主要写 Go 和 Rust",
  value: "Go",
  confidence: 0.8,
  messageIds: ["u2"],
  stated: true,
};

/** A scripted model whose invocations are counted and whose prompts are kept. */
function scripted(responses: string[], model: FakeListChatModel = new FakeListChatModel({ responses })) {
  const prompts: BaseMessage[][] = [];
  const original = model.invoke.bind(model);
  const invoke = vi.spyOn(model, "invoke").mockImplementation(async (input, options) => {
    prompts.push(input as BaseMessage[]);
    return original(input, options);
  });
  return { model, invoke, prompts };
}

/** A chat model without native structured output: withStructuredOutput refuses, JSON mode must be used. */
class PlainChatModel extends FakeListChatModel {
  override withStructuredOutput(): never {
    throw new Error("withStructuredOutput is not implemented for this model");
  }
}

describe("model layer", () => {
  it("adds valid model candidates to the rule candidates with exactly one call for the whole batch", async () => {
    const { model, invoke, prompts } = scripted([memories(stack)]);
    const { candidates, extractionFailures } = await extractCandidates(messages, { model });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(extractionFailures).toEqual([]);
    const prompt = prompts[0]!.map((m) => String(m.content)).join("\n");
    for (const id of ["u1", "a1", "u2"]) expect(prompt).toContain(`[${id}]`);
    expect(prompt).not.toContain("[s1]");
    expect(candidates.map((c) => [c.candidateId, c.extractor])).toEqual([
      ["c1", "rule:preference"],
      ["c2", "model"],
    ]);
    expect(candidates[1]).toMatchObject({
      kind: "fact",
      key: "tool.programming_language",
      content: "用户平时主要写 Go 和 Rust",
      value: "Go",
      sourceType: "explicit",
      messageIds: ["u2"],
      observedAt: "2024-05-07T10:01:00+08:00",
      language: "zh",
      confidence: 0.8,
      positive: true,
    });
  });

  it("repairs malformed output with one retry that quotes the error", async () => {
    const { model, invoke, prompts } = scripted([
      "Sure! Here are the memories: {oops",
      memories({ ...stack, key: "work.stack", content: "用户平时写 Go", value: "Go" }),
    ]);
    const { candidates, extractionFailures } = await extractCandidates(messages, { model });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(extractionFailures).toEqual([]);
    expect(String(prompts[1]!.at(-1)!.content)).toMatch(/could not be used/);
    expect(candidates.find((c) => c.extractor === "model")).toMatchObject({
      key: "work.stack",
      content: "用户平时写 Go",
    });
  });

  it("records a failure after the retry fails and keeps the rule candidates", async () => {
    const { model, invoke } = scripted(["not json", "still not json"]);
    const { candidates, extractionFailures } = await extractCandidates(messages, { model });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(extractionFailures).toHaveLength(1);
    expect(extractionFailures[0]).toMatchObject({ stage: "model", raw: "still not json" });
    expect(extractionFailures[0]!.error).toMatch(/not JSON/);
    expect(candidates.map((c) => c.key)).toContain("food.cilantro");
    expect(candidates.every((c) => c.extractor !== "model")).toBe(true);
  });

  it("treats schema violations as malformed: a wrong kind or a confidence above 1 earns the retry", async () => {
    const bad = memories({ ...stack, kind: "business_fact" });
    const { model, invoke } = scripted([bad, memories({ ...stack, confidence: 7 })]);
    const { extractionFailures } = await extractCandidates(messages, { model });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(extractionFailures[0]!.error).toMatch(/failed validation: field 'memories\.0\.confidence'/);
  });

  it("uses JSON mode with fences stripped when the model has no structured output", async () => {
    const { model, invoke } = scripted(
      [`\`\`\`json\n${memories(stack)}\n\`\`\``],
      new PlainChatModel({ responses: [`\`\`\`json\n${memories(stack)}\n\`\`\``] }),
    );
    const { candidates, extractionFailures } = await extractCandidates(messages, { model });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(extractionFailures).toEqual([]);
    expect(candidates.some((c) => c.extractor === "model" && c.key === "tool.programming_language")).toBe(true);
  });

  it("falls back to JSON mode when structured output fails as unsupported at call time", async () => {
    class LateRefusal extends FakeListChatModel {
      override withStructuredOutput(): never {
        return RunnableLambda.from(async () => {
          throw new Error("Structured output is not supported by this provider");
        }) as never;
      }
    }
    const { model, invoke } = scripted([], new LateRefusal({ responses: [memories(stack)] }));
    const { candidates, extractionFailures } = await extractCandidates(messages, { model });
    expect(extractionFailures).toEqual([]);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(candidates.some((c) => c.extractor === "model")).toBe(true);
  });

  it("never lets model output set the scope or promote the assistant's words", async () => {
    const output = memories(
      { ...stack, scope: { userId: "someone-else", tenantId: "t2" }, userId: "someone-else", sourceType: "explicit" },
      {
        kind: "preference",
        key: "Reply Style!",
        content: "The user likes long answers",
        confidence: 0.95,
        messageIds: ["a1"],
        stated: true,
      },
      {
        kind: "fact",
        key: "misc",
        content: "The user seems to be a developer",
        confidence: 0.9,
        messageIds: ["nope", "s1"],
      },
    );
    const { model } = scripted([output]);
    const { candidates } = await extractCandidates(messages, { model });
    const fromModel = candidates.filter((c) => c.extractor === "model");
    for (const c of fromModel) {
      expect(c).not.toHaveProperty("scope");
      expect(c).not.toHaveProperty("userId");
    }
    expect(fromModel.find((c) => c.content === "The user likes long answers")).toMatchObject({
      sourceType: "agent_generated",
      confidence: 0.5,
      key: "reply_style",
    });
    expect(fromModel.find((c) => c.content === "The user seems to be a developer")).toMatchObject({
      sourceType: "inferred",
      messageIds: ["u1", "u2"],
    });
  });

  it("drops model candidates that restate a rule candidate (rules win ties)", async () => {
    const restated = {
      kind: "preference",
      key: "food.cilantro",
      content: "用户不吃香菜，点外卖记得备注",
      positive: false,
      confidence: 0.9,
      messageIds: ["u1"],
      stated: true,
    };
    const { model } = scripted([memories(restated)]);
    const { candidates } = await extractCandidates(messages, { model });
    const cilantro = candidates.filter((c) => c.key === "food.cilantro");
    expect(cilantro).toHaveLength(1);
    expect(cilantro[0]!.extractor).toBe("rule:preference");
  });

  it("redacts secrets a model writes back", async () => {
    const { model } = scripted([
      memories({ ...stack, key: "contact.phone", content: "用户的手机号是 13812345678", value: "13812345678" }),
    ]);
    const { candidates } = await extractCandidates(messages, { model });
    const phone = candidates.find((c) => c.key === "contact.phone")!;
    expect(phone).toMatchObject({ content: "用户的手机号是 [PHONE]", value: "[PHONE]", sensitivity: "medium" });
  });

  it("records a thrown model error without retrying or throwing", async () => {
    const model = new FakeListChatModel({ responses: ["unused"] });
    const invoke = vi.spyOn(model, "invoke").mockRejectedValue(new Error("ECONNREFUSED"));
    const update = await createExtractNode({ model })({ messages }, {});
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(update.extractionFailures).toEqual([{ stage: "model", error: "ECONNREFUSED" }]);
    expect(update.candidates!.map((c) => c.key)).toContain("food.cilantro");
  });

  it("asks structured-output models for a strict-compatible schema: every field required, nullable", async () => {
    const { model } = scripted([memories(stack)]);
    const structured = vi.spyOn(model, "withStructuredOutput");
    await extractCandidates(messages, { model });
    expect(structured.mock.calls[0]![0]).toBe(ModelExtractionRequestSchema);
    const item = (
      z.toJSONSchema(ModelExtractionRequestSchema) as unknown as {
        properties: { memories: { items: { required: string[]; properties: object } } };
      }
    ).properties.memories.items;
    expect([...item.required].sort()).toEqual(Object.keys(item.properties).sort());
  });

  it("does not call the model when no one spoke", async () => {
    const { model, invoke } = scripted([memories(stack)]);
    const { candidates } = await extractCandidates([{ id: "s1", role: "system", content: "x", at: AT }], { model });
    expect(invoke).not.toHaveBeenCalled();
    expect(candidates).toEqual([]);
  });
});
