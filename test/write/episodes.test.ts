/**
 * Episodic memory of the conversation (src/write/episodes.ts): each turn that says something
 * leaves one episode about the session, attributed to its speakers; the companion's words are
 * recallable as what it said, never as a fact about the user.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import type { ChatMessage } from "../../src/messages.js";
import { episodeCandidates, episodeRecordId } from "../../src/write/episodes.js";
import { memoryStore } from "./helpers.js";

const at = (minute: number) => new Date(Date.UTC(2024, 4, 2, 10, minute)).toISOString();
const msg = (id: string, role: ChatMessage["role"], content: string, minute = 0, name?: string): ChatMessage => ({
  id,
  role,
  content,
  at: at(minute),
  ...(name ? { name } : {}),
});

describe("episodeCandidates", () => {
  it("records a turn and the companion's reply, condensed and attributed to each speaker", () => {
    const [episode, ...rest] = episodeCandidates([
      msg("q1", "user", "I've been stressed at work lately. Any ideas for unwinding in the evening?"),
      msg(
        "r1",
        "assistant",
        "I'm sorry to hear that. You could try a short evening walk and some breathing exercises. Would you like more tips?",
        1,
      ),
    ]);
    expect(rest).toEqual([]);
    expect(episode).toMatchObject({
      kind: "episode",
      about: "conversation",
      sourceType: "agent_generated",
      messageIds: ["q1", "r1"],
      candidateId: episodeRecordId("q1"),
      observedAt: at(0),
    });
    // The follow-up question and the filler are left out; what was said stays, with who said it.
    expect(episode!.content).toBe(
      'On 2024-05-02 the user said: "I\'ve been stressed at work lately. Any ideas for unwinding in the evening?" The assistant replied: "You could try a short evening walk and some breathing exercises."',
    );
  });

  it("writes Chinese episodes in Chinese, the companion as 助手, never as 用户", () => {
    const [episode] = episodeCandidates([
      msg("q1", "user", "最近想学画画，你有什么推荐的画家吗？"),
      msg("r1", "assistant", "我觉得可以先看看莫奈和梵高的作品，色彩很有感染力。", 1),
    ]);
    expect(episode!.content).toBe(
      "2024-05-02，用户说：“最近想学画画，你有什么推荐的画家吗？”助手回答：“我觉得可以先看看莫奈和梵高的作品，色彩很有感染力。”",
    );
    expect(episode!.content).not.toContain("用户觉得");
  });

  it("leaves no episode for an exchange of pleasantries, but keeps a sentence that only opens like one", () => {
    expect(
      episodeCandidates([
        msg("q1", "user", "Hi there! Good morning."),
        msg("r1", "assistant", "Hello! Nice to meet you. Can I help you with anything?", 1),
        msg("q2", "user", "谢谢！", 2),
        msg("r2", "assistant", "不客气！", 3),
      ]),
    ).toEqual([]);
    const [kept] = episodeCandidates([msg("q1", "user", "Thanks to the rain, our football match moved to Sunday.")]);
    expect(kept!.content).toContain("football match moved to Sunday");
    expect(kept!.sourceType).toBe("explicit");
    const [apology] = episodeCandidates([msg("q1", "user", "I'm sorry I missed the Berlin flat viewing on Tuesday.")]);
    expect(apology!.content).toContain("Berlin flat viewing");
  });

  it("keeps the companion's question when it is all the companion said", () => {
    const [episode] = episodeCandidates([
      msg("q1", "user", "I went hiking in the hills near Lyon yesterday."),
      msg("r1", "assistant", "Which trail did you take through the hills?", 1),
    ]);
    expect(episode!.content).toContain('The assistant replied: "Which trail did you take through the hills?"');
  });

  it("gives every turn of a named transcript its own episode, attributed by name", () => {
    const episodes = episodeCandidates([
      msg("a1", "user", "I finally adopted a rescue greyhound called Pepper.", 0, "Ines"),
      msg("b1", "assistant", "That's lovely, my sister fosters greyhounds in Porto.", 1, "Tomas"),
    ]);
    expect(episodes.map((e) => e.messageIds)).toEqual([["a1"], ["b1"]]);
    expect(episodes.map((e) => e.content)).toEqual([
      'On 2024-05-02 Ines said: "I finally adopted a rescue greyhound called Pepper."',
      'On 2024-05-02 Tomas said: "That\'s lovely, my sister fosters greyhounds in Porto."',
    ]);
    expect(episodes.every((e) => e.sourceType === "explicit")).toBe(true);
  });

  it("bounds what one side keeps", () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} mentions the garden shed plans.`).join(" ");
    const [episode] = episodeCandidates([msg("q1", "user", long)]);
    expect(episode!.content.length).toBeLessThan(360);
    expect(episode!.content).toMatch(/…"$/);
  });
});

describe("episodes through the facade", () => {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  const open = async () => {
    const memory = await createMemory({ store: memoryStore(), env: {}, now: () => new Date("2024-06-01T00:00:00Z") });
    opened.push(memory);
    return memory;
  };
  const scope = { userId: "u_episodes" };

  it("recalls what the companion recommended, keeps it out of the profile, and records a replay once", async () => {
    const memory = await open();
    const messages = [
      { id: "q1", role: "user", content: "Can you suggest a few novels for my train commute?", at: at(0) },
      {
        id: "r1",
        role: "assistant",
        content: 'I recommend "The Remains of the Day" and "A Gentleman in Moscow". You like quiet books, I think.',
        at: at(1),
      },
    ];
    const first = await memory.remember({ scope, messages, sessionId: "s1" });
    expect(first.episodes).toHaveLength(1);
    expect(first.episodes[0]).toMatchObject({ status: "active", about: "conversation" });
    // The companion's guess about the user waits for the user, as before.
    expect(first.written.map((r) => r.content).join(" ")).not.toContain("Gentleman");

    const again = await memory.remember({ scope, messages, sessionId: "s1" });
    expect(again.episodes).toEqual([]);
    expect(await memory.list(scope, { about: "conversation" })).toHaveLength(1);
    // list() is the profile: no episodes unless asked.
    expect((await memory.list(scope)).some((r) => r.about === "conversation")).toBe(false);
    expect((await memory.pending(scope)).some((p) => p.record.about === "conversation")).toBe(false);

    const { memories } = await memory.recall({ scope, query: "Which novels did you recommend to me?" });
    expect(memories[0]!.source.messageIds).toEqual(["q1", "r1"]);
    expect(memories[0]!.content).toContain("The assistant replied");
  });

  it("supersedes the episode of a turn whose statement was superseded, and audits it", async () => {
    const memory = await open();
    await memory.remember({ scope, messages: [{ id: "m1", role: "user", content: "I live in Lisbon.", at: at(0) }] });
    const moved = await memory.remember({
      scope,
      messages: [{ id: "m2", role: "user", content: "I moved from Lisbon to Madrid last week.", at: at(60) }],
    });
    expect(moved.superseded.map((r) => r.source.messageIds)).toEqual([["m1"]]);
    const old = await memory.get(scope, episodeRecordId("m1"));
    expect(old).toMatchObject({ status: "superseded", supersededBy: moved.written[0]!.id });
    const history = await memory.history(scope, episodeRecordId("m1"));
    expect(history.map((h) => h.action)).toEqual(["add", "supersede"]);
    const { memories } = await memory.recall({ scope, query: "Where do I live?" });
    expect(memories.flatMap((m) => m.source.messageIds)).not.toContain("m1");
    expect(memories.flatMap((m) => m.source.messageIds)).toContain("m2");
  });

  it("supersedes the episode of a turn when the user answers a conflict with supersede", async () => {
    const memory = await open();
    await memory.remember({ scope, messages: [{ id: "m1", role: "user", content: "I prefer dark mode", at: at(0) }] });
    const asked = await memory.remember({
      scope,
      messages: [{ id: "m2", role: "user", content: "I prefer light mode", at: at(5) }],
    });
    expect(asked.pending).toHaveLength(1);
    const resolved = await memory.resolve(scope, asked.pending[0]!.id, "supersede");
    expect(resolved.superseded.map((r) => r.source.messageIds)).toEqual([["m1"]]);
    expect(await memory.get(scope, episodeRecordId("m1"))).toMatchObject({
      status: "superseded",
      supersededBy: asked.pending[0]!.id,
    });
    expect(await memory.get(scope, episodeRecordId("m2"))).toMatchObject({ status: "active" });
  });

  it("does not inject the episode of a user's turn next to the memory from that turn", async () => {
    const memory = await open();
    await memory.remember({
      scope,
      messages: [{ id: "m1", role: "user", content: "我不吃香菜，点外卖记得备注。", at: at(0) }],
    });
    const { memories, traceId } = await memory.recall({ scope, query: "帮我点一份午餐外卖" });
    expect(memories.map((m) => m.about ?? "user")).toEqual(["user"]);
    const trace = await memory.trace(scope, traceId);
    expect(trace.memories.find((m) => m.id === episodeRecordId("m1"))).toMatchObject({ reason: "episode.covered" });
  });

  it("never lets an episode stand in as a neighbour of the user's own statements", async () => {
    const memory = await open();
    await memory.remember({ scope, messages: [{ id: "m1", role: "user", content: "I drink oat milk.", at: at(0) }] });
    const again = await memory.remember({
      scope,
      messages: [{ id: "m2", role: "user", content: "I drink oat milk.", at: at(5) }],
    });
    // Reinforces the memory, not the episode that quotes the first turn.
    expect(again.reinforced.map((r) => r.about ?? "user")).toEqual(["user"]);
  });
});

describe("messages that are not turns of the conversation (recordEpisodes: false)", () => {
  it("leave no episode, through the facade or the compiled graph, and their memories are governed as usual", async () => {
    const store = memoryStore();
    const memory = await createMemory({ store, env: {} });
    try {
      const scope = { userId: "u_tool" };
      const statement = [{ id: "call_1", role: "user", content: "I prefer dark mode" }];
      const out = await memory.remember({ scope, messages: statement, recordEpisodes: false });
      expect(out.written.map((r) => r.content)).toEqual(["The user prefers dark mode"]);
      expect(out.episodes).toEqual([]);
      const graph = await memory.graphs.write.invoke(
        { messages: [{ id: "call_2", role: "user", content: "I live in Lisbon." }], recordEpisodes: false },
        { configurable: { user_id: scope.userId } },
      );
      expect(graph.memoryWrite?.written).toHaveLength(1);
      expect(await memory.list(scope, { about: "conversation" })).toEqual([]);
      await expect(
        memory.remember({ scope, messages: statement, recordEpisodes: "no" as unknown as boolean }),
      ).rejects.toThrow(/recordEpisodes must be true or false/);
    } finally {
      await memory.close();
    }
  });
});

describe("episodes turned off", () => {
  it("keeps only the user's memories", async () => {
    const memory = await createMemory({ store: memoryStore(), env: {}, episodes: false });
    const out = await memory.remember({
      scope: { userId: "u_no_episodes" },
      messages: [
        { id: "q1", role: "user", content: "I live in Porto and commute by tram.", at: at(0) },
        { id: "r1", role: "assistant", content: "I recommend the riverside walk on weekends.", at: at(1) },
      ],
    });
    expect(out.episodes).toEqual([]);
    expect(out.written.length).toBeGreaterThan(0);
    expect(await memory.list({ userId: "u_no_episodes" }, { about: "conversation" })).toEqual([]);
    await memory.close();
  });
});
