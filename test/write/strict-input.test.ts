/**
 * Careless input gets a typed INVALID_INPUT naming the field, never a silent acceptance: NUL and
 * lone surrogates, impossible times, non-text content parts, too many messages, blank ids, and
 * error messages that quote at most ~100 characters of what they received, redacted.
 */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { InMemoryStore } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorCode, InvalidInputError, type MemoryError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { normalizeMessages } from "../../src/messages.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";

const NOW = () => new Date("2026-03-10T09:00:00Z");
const user = (content: unknown, extra: Record<string, unknown> = {}) => [{ role: "user", content, ...extra }];

function refusal(run: () => unknown): MemoryError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as MemoryError;
  }
  throw new Error("expected an InvalidInputError, got none");
}

describe("strict message input", () => {
  it("refuses NUL and lone surrogates in content, id and name, naming the field", () => {
    expect(refusal(() => normalizeMessages(user("a\u0000b"))).details).toMatchObject({ field: "content" });
    expect(refusal(() => normalizeMessages(user("lone \ud800 high"))).details).toMatchObject({ field: "content" });
    expect(refusal(() => normalizeMessages(user("ok", { id: "id\u0000" }))).details).toMatchObject({ field: "id" });
    expect(refusal(() => normalizeMessages(user("ok", { name: "Li\udc00" }))).details).toMatchObject({ field: "name" });
    // A well-formed pair is text.
    expect(normalizeMessages(user("emoji 😀 ok"))[0]!.content).toBe("emoji 😀 ok");
  });

  it("refuses times before 1970 and more than a day ahead of the clock, unless the clock option allows it", () => {
    expect(refusal(() => normalizeMessages(user("x", { at: -1 }), { now: NOW })).message).toMatch(/before 1970/);
    expect(refusal(() => normalizeMessages(user("x", { at: "2999-01-01" }), { now: NOW })).message).toMatch(
      /in the future/,
    );
    expect(normalizeMessages(user("x", { at: "2026-03-10T20:00:00Z" }), { now: NOW })[0]!.at).toBe(
      "2026-03-10T20:00:00Z",
    );
    const far = normalizeMessages(user("x", { at: "2999-01-01" }), { now: NOW, maxFutureMs: Number.POSITIVE_INFINITY });
    expect(far[0]!.at).toBe("2999-01-01T00:00:00.000Z");
  });

  it("keeps the text parts of multimodal content and says which parts it left out", () => {
    const [message] = normalizeMessages([
      new HumanMessage({
        content: [
          { type: "text", text: "我不吃香菜" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        ],
      }),
    ]);
    expect(message).toMatchObject({ content: "我不吃香菜", dropped: ["image_url"] });
    expect(refusal(() => normalizeMessages(user([1, 2]))).details).toMatchObject({ field: "content.0" });
    expect(refusal(() => normalizeMessages(user([null]))).details).toMatchObject({ field: "content.0" });
  });

  it("refuses more messages than the per-call limit, and 10,000 at the default", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ role: "user", content: `line ${i}` }));
    const error = refusal(() => normalizeMessages(many));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toMatch(/at most 1000 messages in one call \(option maxMessages\); received 10000/);
    expect(normalizeMessages(many.slice(0, 20), { maxMessages: 20 })).toHaveLength(20);
    expect(() => normalizeMessages(many.slice(0, 21), { maxMessages: 20 })).toThrow(InvalidInputError);
  });

  it("quotes at most ~100 characters of a received value, redacted", () => {
    const huge = `13812345678${"x".repeat(1_000_000)}`;
    for (const error of [
      refusal(() => normalizeMessages(user("x", { at: huge }))),
      refusal(() => normalizeMessages([{ role: huge, content: "x" }])),
      refusal(() =>
        normalizeMessages([
          { role: "user", content: "a", id: huge },
          { role: "user", content: "b", id: huge },
        ]),
      ),
    ]) {
      expect(error.message.length).toBeLessThan(400);
      expect(error.message).not.toContain("13812345678");
    }
  });
});

describe("strict facade input", () => {
  let memory: Memory | undefined;
  afterEach(async () => {
    await memory?.close();
    memory = undefined;
  });

  async function open(limits: { maxMessages?: number; maxFutureMs?: number } = {}): Promise<Memory> {
    const store = new InMemoryStore({
      index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
    });
    memory = await createMemory({ store, env: {}, now: NOW, ...limits });
    return memory;
  }

  it("passes its message limits to the write graph, and refuses a bad limit when created", async () => {
    const m = await open({ maxMessages: 2, maxFutureMs: 0 });
    const three = [...user("我不吃香菜"), ...user("我住在杭州"), ...user("我养了一只猫")];
    await expect(m.remember({ scope: { userId: "u1" }, messages: three })).rejects.toThrow(/at most 2 messages/);
    const ahead = user("我不吃香菜", { at: "2026-03-10T09:05:00Z" });
    await expect(m.remember({ scope: { userId: "u1" }, messages: ahead })).rejects.toThrow(/lies in the future/);
    expect(await m.list({ userId: "u1" })).toEqual([]);
    await expect(createMemory({ store: new InMemoryStore(), env: {}, maxMessages: 0 })).rejects.toThrow(
      /Invalid createMemory options: field 'maxMessages'/,
    );
  });

  it("refuses an unknown remember option, as recall does, and writes nothing", async () => {
    const m = await open();
    const call = { scope: { userId: "u1" }, messages: user("我不吃香菜"), recordEpisode: false };
    await expect(m.remember(call as never)).rejects.toThrow(/Unrecognized key: "recordEpisode"/);
    await expect(m.recall({ scope: { userId: "u1" }, query: "香菜", limt: 3 } as never)).rejects.toThrow(
      /Unrecognized key: "limt"/,
    );
    expect(await m.list({ userId: "u1" }, { about: "any" })).toEqual([]);
  });

  it("refuses blank user ids and a history or get without a record id", async () => {
    const m = await open();
    await expect(m.remember({ scope: { userId: " \t " }, messages: user("我不吃香菜") })).rejects.toThrow(
      /must not be blank/,
    );
    await expect(m.history({ userId: "u1" }, null as never)).rejects.toThrow(InvalidInputError);
    await expect(m.history({ userId: "u1" }, "")).rejects.toThrow(/record id/);
    await expect(m.get({ userId: "u1" }, 42 as never)).rejects.toThrow(InvalidInputError);
  });

  it("says which messages it did not read for memories (system, tool, non-text parts)", async () => {
    const m = await open();
    const out = await m.remember({
      scope: { userId: "u1" },
      messages: [
        { role: "system", content: "You are a helpful assistant.", id: "s1" },
        { role: "user", content: "我不吃香菜", id: "u1" },
        { role: "tool", content: "{}", id: "t1" },
        new AIMessage({ content: [{ type: "image_url", image_url: { url: "x" } }], id: "a1" }),
      ],
    });
    expect(out.written.map((r) => r.key)).toEqual(["food.cilantro"]);
    expect(out.ignored).toEqual([
      { messageId: "s1", reason: "role", detail: "system messages are instructions, not memories" },
      { messageId: "t1", reason: "role", detail: "tool messages are not read for memories" },
      { messageId: "a1", reason: "non_text_parts", detail: "left out: image_url" },
    ]);
  });

  it("refuses a 1 MB trace id without copying it into the error", async () => {
    const m = await open();
    const error = await m.trace({ userId: "u1" }, "t".repeat(1_000_000)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message.length).toBeLessThan(400);
  });
});
