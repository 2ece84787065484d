import { InMemoryStore } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { prepareMessages } from "../../src/write/state.js";
import { readTranscript } from "../../src/write/transcript.js";

const at = "2024-05-07T10:00:00.000Z";
const msg = (id: string, role: "user" | "assistant" | "system", content: string, name?: string) => ({
  id,
  role,
  content,
  at,
  ...(name ? { name } : {}),
});

describe("readTranscript", () => {
  it("reads two named people relayed as user and assistant as named user turns", () => {
    const out = readTranscript([
      msg("s", "system", "You are a helpful assistant."),
      msg("1", "user", "Rafael: I moved to Valencia last spring."),
      msg("2", "assistant", "Sunita: Oh nice! I just signed up for a glassblowing course."),
      msg("3", "user", "Rafael: Glassblowing? Send pictures!"),
    ]);
    expect(out.map((m) => [m.role, m.name, m.content])).toEqual([
      ["system", undefined, "You are a helpful assistant."],
      ["user", "Rafael", "I moved to Valencia last spring."],
      ["user", "Sunita", "Oh nice! I just signed up for a glassblowing course."],
      ["user", "Rafael", "Glassblowing? Send pictures!"],
    ]);
    expect(
      readTranscript([msg("1", "user", "小王：我下周去成都。"), msg("2", "assistant", "小李：我不能吃辣。")]).map(
        (m) => m.name,
      ),
    ).toEqual(["小王", "小李"]);
  });

  it("leaves ordinary chats alone: an assistant is an assistant", () => {
    const cases = [
      // A plain chat.
      [msg("1", "user", "I don't eat cilantro."), msg("2", "assistant", "Got it, I'll remember that.")],
      // Labels are not names.
      [
        msg("1", "user", "Rafael: what should I cook?"),
        msg("2", "assistant", "Note: you said you don't eat cilantro."),
      ],
      [msg("1", "user", "问题：今天吃什么？"), msg("2", "assistant", "回答：吃面。")],
      // Not every turn is prefixed.
      [msg("1", "user", "Rafael: hi"), msg("2", "assistant", "Hello Rafael, how can I help?")],
      // One name in both roles is not two people.
      [msg("1", "user", "Rafael: hi"), msg("2", "assistant", "Rafael: hi to you")],
      // Users only, or names already given.
      [msg("1", "user", "Rafael: hi"), msg("2", "user", "Sunita: hey")],
      [msg("1", "user", "Rafael: hi", "Rafael"), msg("2", "assistant", "Sunita: hey")],
    ];
    for (const messages of cases) expect(readTranscript(messages)).toEqual(messages);
    // One turn alone is a transcript only when the stored conversation is already between people.
    const single = [msg("2", "assistant", "Sunita: I bought a sailboat.")];
    expect(readTranscript(single)).toEqual(single);
    expect(readTranscript(single, { continues: true })[0]).toMatchObject({
      role: "user",
      name: "Sunita",
      content: "I bought a sailboat.",
    });
  });

  it("is applied at the write input boundary (prepareMessages), keeping ids and times", () => {
    const [a, b] = prepareMessages([
      { role: "human", content: "Rafael: I moved to Valencia." },
      { role: "ai", content: "Sunita: I bought a sailboat named Gull." },
    ]);
    expect(a).toMatchObject({ role: "user", name: "Rafael", content: "I moved to Valencia." });
    expect(b).toMatchObject({ role: "user", name: "Sunita", content: "I bought a sailboat named Gull." });
    expect(b!.id).toMatch(/^m1-/);
  });
});

describe("a transcript through remember, one turn per call", () => {
  it("stores and recalls what the second person said about themselves; a real assistant's claim stays pending", async () => {
    const store = new InMemoryStore({
      index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: RECORD_INDEX_FIELDS },
    });
    const memory = await createMemory({ store, env: {} });
    const scope = { userId: "transcript-1" };
    const turns = [
      msg("t1", "user", "Rafael: I went to my first choir rehearsal yesterday."),
      msg("t2", "assistant", "Sunita: That's brave! I ran a half marathon for the children's hospital last Saturday."),
    ];
    for (const turn of turns) await memory.remember({ scope, messages: [turn] });
    const active = await memory.list(scope, { status: "active" });
    expect(active.flatMap((r) => r.source.messageIds)).toEqual(expect.arrayContaining(["t1", "t2"]));
    const recalled = await memory.recall({ scope, query: "What did Sunita run for?" });
    expect(recalled.memories.flatMap((m) => m.source.messageIds)).toContain("t2");

    // An ordinary assistant in another scope: its words stay agent_generated and pending.
    const chat = { userId: "plain-chat" };
    await memory.remember({
      scope: chat,
      messages: [
        msg("c1", "user", "I need a gift idea."),
        msg("c2", "assistant", "You love hiking, so a new backpack?"),
      ],
    });
    expect((await memory.list(chat, { status: "active" })).flatMap((r) => r.source.messageIds)).not.toContain("c2");
    await memory.close();
  });
});
