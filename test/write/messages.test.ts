import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidInputError } from "../../src/errors.js";
import { normalizeMessages, PlainMessageSchema } from "../../src/messages.js";

const now = () => new Date("2024-05-07T02:00:00.000Z");

describe("normalizeMessages", () => {
  it("accepts LangChain messages, maps roles, joins text blocks and reads ids, names and times", () => {
    const messages = normalizeMessages(
      [
        new HumanMessage({
          content: "我不吃香菜",
          id: "h1",
          name: "Rafael",
          additional_kwargs: { at: "2024-05-07T10:00:00+08:00" },
        }),
        new AIMessage({
          content: [
            { type: "text", text: "好的" },
            { type: "image_url", image_url: "x" },
            { type: "text", text: "记住了" },
          ],
        }),
        new SystemMessage("You are helpful."),
        new ToolMessage({ content: "42", tool_call_id: "t1", response_metadata: { at: "2024-05-07T03:00:00Z" } }),
      ],
      { now },
    );
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "system", "tool"]);
    expect(messages[0]).toEqual({
      id: "h1",
      role: "user",
      content: "我不吃香菜",
      at: "2024-05-07T10:00:00+08:00",
      name: "Rafael",
    });
    expect(messages[1]!.content).toBe("好的\n记住了");
    expect(messages[1]!.at).toBe("2024-05-07T02:00:00.000Z");
    expect(messages[3]!.at).toBe("2024-05-07T03:00:00Z");
  });

  it("accepts plain objects with role aliases and serialised `type`, and gives deterministic ids", () => {
    const input = [
      { role: "human", content: "hi" },
      { role: "ai", content: "hello" },
      { type: "human", content: "I use a Mac" },
    ];
    const first = normalizeMessages(input, { now });
    const second = normalizeMessages(input, { now });
    expect(first.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(first.map((m) => m.id)).toEqual(second.map((m) => m.id));
    expect(first[0]!.id).toMatch(/^m0-[0-9a-f]{10}$/);
    expect(new Set(first.map((m) => m.id)).size).toBe(3);
  });

  it("is idempotent on its own output", () => {
    const once = normalizeMessages([{ role: "user", content: "x", at: "2024-05-07T10:00:00+08:00" }], { now });
    expect(normalizeMessages(once, { now })).toEqual(once);
  });

  it("normalises Date, epoch, local and date-only times", () => {
    const [a, b, c, d] = normalizeMessages(
      [
        { role: "user", content: "a", at: new Date("2024-05-07T01:02:03Z") },
        { role: "user", content: "b", at: Date.UTC(2024, 4, 7) },
        { role: "user", content: "c", at: "2024-05-07T10:00:00" },
        { role: "user", content: "d", at: "2024-05-07" },
      ],
      { now },
    );
    expect([a!.at, b!.at, c!.at, d!.at]).toEqual([
      "2024-05-07T01:02:03.000Z",
      "2024-05-07T00:00:00.000Z",
      "2024-05-07T10:00:00.000Z",
      "2024-05-07T00:00:00.000Z",
    ]);
  });

  it("refuses non-arrays and empty lists", () => {
    expect(() => normalizeMessages("hello")).toThrow(InvalidInputError);
    expect(() => normalizeMessages([])).toThrow(/no messages/);
  });

  it("refuses a 1 MB message, naming its size and the limit", () => {
    const big = "a".repeat(1024 * 1024);
    expect(() => normalizeMessages([{ role: "user", content: big }])).toThrow(InvalidInputError);
    expect(() => normalizeMessages([{ role: "user", content: big }])).toThrow(/1048576 bytes.*limit is 65536/);
    expect(() => normalizeMessages([{ role: "user", content: "é".repeat(40) }], { maxMessageBytes: 64 })).toThrow(
      /80 bytes/,
    );
  });

  it("refuses unknown roles, naming the index and the role", () => {
    expect(() =>
      normalizeMessages([
        { role: "user", content: "ok" },
        { role: "robot", content: "beep" },
      ]),
    ).toThrow(/Message 1 has unknown role "robot"/);
    expect(() => normalizeMessages([{ content: "no role" }])).toThrow(/Message 0 has no role/);
  });

  it("refuses content that is not text and invalid times", () => {
    expect(() => normalizeMessages([{ role: "user", content: 42 }])).toThrow(/content must be text/);
    expect(() => normalizeMessages([{ role: "user", content: null }])).toThrow(InvalidInputError);
    expect(() => normalizeMessages([{ role: "user", content: "x", at: "yesterday" }])).toThrow(/field 'at'/);
    expect(() => normalizeMessages([{ role: "user", content: "x", at: new Date("nope") }])).toThrow(InvalidInputError);
    expect(() => normalizeMessages([{ role: "user", content: "x", at: "2024-13-45T00:00:00Z" }])).toThrow(
      InvalidInputError,
    );
  });

  it("refuses duplicate ids and a bad size option", () => {
    expect(() =>
      normalizeMessages([
        { role: "user", content: "a", id: "x" },
        { role: "user", content: "b", id: "x" },
      ]),
    ).toThrow(/repeats id "x"/);
    expect(() => normalizeMessages([{ role: "user", content: "a" }], { maxMessageBytes: 0 })).toThrow(
      InvalidConfigError,
    );
  });

  it("exposes the plain form as a zod schema", () => {
    expect(PlainMessageSchema.safeParse({ role: "ai", content: "x", at: "2024-05-07T00:00:00Z" }).success).toBe(true);
    expect(PlainMessageSchema.safeParse({ role: "bot", content: "x" }).success).toBe(false);
  });
});
