import { type BaseMessage, SystemMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createShortTermNode } from "../../nodes/short-term/window.js";
import { InvalidConfigError } from "../../src/errors.js";
import { parseShortTermOptions, SHORT_TERM_DEFAULTS } from "../../src/short-term/options.js";
import { countTokens } from "../../src/short-term/rounds.js";
import type { ShortTermSummary } from "../../src/short-term/summary.js";
import { foldRounds, shortTermWindow, viewWindow } from "../../src/short-term/window.js";
import { chatRound, conversation, toolPairsIntact, toolRound, transcript } from "./helpers.js";

const now = () => new Date("2024-05-07T10:00:00.000Z");
const big = 1_000_000;

describe("the window's tiers", () => {
  it("shows the last 3 rounds in full and rounds 4–15 condensed", async () => {
    const rounds = conversation(15);
    const view = await viewWindow(rounds.flat(), undefined, { budget: big });
    expect(view.layout).toEqual({ full: 3, condensed: 12, dropped: 0, summaryItemsDropped: 0 });
    const tail = rounds.slice(-3).flat();
    expect(view.messages.slice(-tail.length)).toEqual(tail); // round 15 calls a tool: call and result kept
    expect(view.messages.slice(-tail.length).some((m) => m.getType() === "tool")).toBe(true);
    const condensed = view.messages.slice(0, -tail.length);
    expect(condensed.some((m) => m.getType() === "tool")).toBe(false);
    expect(transcript(condensed)).toContain("ai: You're welcome. (3)"); // round 3 called a tool; its reply stays
    expect(toolPairsIntact(view.messages)).toBe(true);
  });

  it("puts the preamble first and the summary after it", async () => {
    const system = new SystemMessage("You are helpful.");
    const summary = await foldThrough(conversation(20));
    const rounds = conversation(15, 21);
    const view = await viewWindow([system, ...rounds.flat()], summary, { budget: big });
    expect(view.messages[0]).toBe(system);
    expect(view.messages[1]!.getType()).toBe("system");
    expect(String(view.messages[1]!.content)).toMatch(
      /^此前对话摘要（第 1–5 轮）：|^Summary of the earlier conversation/,
    );
  });
});

/** The summary after folding `rounds` in one go with the default counts. */
async function foldThrough(rounds: BaseMessage[][]): Promise<ShortTermSummary> {
  const { summary } = await foldRounds(rounds.flat(), undefined, { now });
  return summary!;
}

describe("summary refresh cadence", () => {
  it("folds every 5 rounds beyond the 15 of the window, not on every turn", async () => {
    const rounds = conversation(42);
    const refreshedAt: number[] = [];
    let summary: ShortTermSummary | undefined;
    for (let turn = 1; turn <= rounds.length; turn++) {
      const window = await shortTermWindow(rounds.slice(0, turn).flat(), { summary, now, budget: big });
      if (window.refreshed) refreshedAt.push(turn);
      summary = window.summary;
      // Between refreshes the rounds beyond 15 stay condensed: no round is in neither place.
      expect((summary?.rounds ?? 0) + window.layout.full + window.layout.condensed).toBe(turn);
    }
    expect(refreshedAt).toEqual([20, 25, 30, 35, 40]);
    expect(summary!.rounds).toBe(25);
  });

  it("follows the configured counts", async () => {
    const rounds = conversation(12);
    const turns: number[] = [];
    let summary: ShortTermSummary | undefined;
    const options = { fullRounds: 1, condensedRounds: 2, refreshEvery: 2, now };
    for (let turn = 1; turn <= rounds.length; turn++) {
      const window = await shortTermWindow(rounds.slice(0, turn).flat(), { ...options, summary });
      if (window.refreshed) turns.push(turn);
      summary = window.summary;
    }
    expect(turns).toEqual([5, 7, 9, 11]);
  });
});

describe("leaving", () => {
  it("returns each folded message exactly once when the caller keeps the whole history", async () => {
    const rounds = conversation(37);
    const left: BaseMessage[] = [];
    let summary: ShortTermSummary | undefined;
    for (let turn = 1; turn <= rounds.length; turn++) {
      const window = await shortTermWindow(rounds.slice(0, turn).flat(), { summary, now, budget: big });
      left.push(...window.leaving);
      summary = window.summary;
    }
    expect(summary!.rounds).toBe(20);
    expect(left).toEqual(rounds.slice(0, 20).flat()); // in order, tool messages included, none twice
  });

  it("returns each folded message exactly once when the caller removes what left", async () => {
    const rounds = conversation(37);
    let history: BaseMessage[] = [];
    const left: BaseMessage[] = [];
    let summary: ShortTermSummary | undefined;
    for (const round of rounds) {
      history.push(...round);
      const folded = await foldRounds(history, summary, { now });
      left.push(...folded.leaving);
      summary = folded.summary;
      history = history.filter((m) => !folded.leaving.includes(m));
    }
    expect(left).toEqual(rounds.slice(0, 20).flat());
    expect(history).toEqual(rounds.slice(20).flat());
  });

  it("leaves nothing while the conversation fits the window (negative case)", async () => {
    const folded = await foldRounds(conversation(19).flat(), undefined, { now });
    expect(folded).toEqual({ summary: undefined, leaving: [], refreshed: false });
  });
});

describe("the token budget", () => {
  const fixture = async () => {
    const summary = await foldThrough([
      chatRound("我的项目代号是 Phoenix。", "好的。"),
      chatRound("我不喜欢用表格。", "好的。"),
      chatRound("My team uses Python.", "ok"),
      chatRound("下周再帮我看这个问题。", "好的。"),
      ...conversation(16, 5),
    ]);
    return { summary, rounds: conversation(17, 21) };
  };

  it("is respected at every size, never splits a tool call from its result and keeps the last round whole", async () => {
    const { summary, rounds } = await fixture();
    const messages = rounds.flat();
    const last = rounds.at(-1)!;
    for (let budget = 20; budget <= 3000; budget += 37) {
      const view = await viewWindow(messages, summary, { budget });
      expect(toolPairsIntact(view.messages)).toBe(true);
      expect(view.messages.slice(-last.length)).toEqual(last);
      expect(view.tokens).toBe(countTokens(view.messages));
      if (view.overBudget) expect(view.messages).toEqual(last);
      else expect(view.tokens).toBeLessThanOrEqual(budget);
    }
  });

  it("drops the oldest condensed rounds first and keeps the summary whole", async () => {
    const { summary, rounds } = await fixture();
    const all = await viewWindow(rounds.flat(), summary, { budget: big });
    const view = await viewWindow(rounds.flat(), summary, { budget: all.tokens - 30 });
    expect(view.layout.full).toBe(3);
    expect(view.layout.summaryItemsDropped).toBe(0);
    expect(view.layout.dropped).toBeGreaterThan(0);
    expect(view.layout.condensed + view.layout.dropped).toBe(rounds.length - 3);
    // What stays is the newest condensed rounds: the view ends like the full view does.
    expect(all.messages.slice(-view.messages.length + 1)).toEqual(view.messages.slice(1));
  });

  it("then shortens the summary, oldest facts first, open items last", async () => {
    const { summary, rounds } = await fixture();
    const kept = rounds.slice(-3).flat();
    const openOnly = new SystemMessage(
      "此前对话摘要（第 1–5 轮）：\n未完成事项：\n- 在 2024-05-13 那一周再帮用户看这个问题",
    );
    const view = await viewWindow(rounds.flat(), summary, { budget: countTokens([...kept, openOnly]) });
    expect(view.layout).toMatchObject({ full: 3, condensed: 0, summaryItemsDropped: summary.facts.length });
    expect(view.messages[0]!.content).toBe(openOnly.content);
  });

  it("then condenses the older full rounds and drops them, oldest first", async () => {
    const rounds = [
      toolRound("one", { name: "t", args: {}, result: "r ".repeat(300) }, "done one"),
      toolRound("two", { name: "t", args: {}, result: "r ".repeat(300) }, "done two"),
      toolRound("three", { name: "t", args: {}, result: "r ".repeat(300) }, "done three"),
    ];
    const last = rounds[2]!;
    const condensedTwo = countTokens([rounds[0]![0]!, rounds[0]!.at(-1)!]);
    const view = await viewWindow(rounds.flat(), undefined, {
      budget: countTokens([...rounds[1]!, ...last]) + 2 * condensedTwo,
    });
    expect(transcript(view.messages.slice(0, 2))).toBe("human: one\nai: done one");
    expect(view.layout).toMatchObject({ full: 2, condensed: 1 });
    const tighter = await viewWindow(rounds.flat(), undefined, { budget: countTokens(last) + condensedTwo + 5 });
    expect(transcript(tighter.messages.slice(0, 2))).toBe("human: two\nai: done two");
    expect(tighter.layout).toEqual({ full: 1, condensed: 1, dropped: 1, summaryItemsDropped: 0 });
    expect(tighter.overBudget).toBe(false);
  });

  it("keeps the last round whole even when it alone is over the budget, and says so", async () => {
    const round = toolRound("analyse this", { name: "t", args: {}, result: "数据".repeat(2000) }, "done");
    const view = await viewWindow([...chatRound("hi", "hello"), ...round], undefined, { budget: 100 });
    expect(view.messages).toEqual(round);
    expect(view.overBudget).toBe(true);
  });

  it("defaults to the working-memory budget of seed 003 §5.4", () => {
    expect(SHORT_TERM_DEFAULTS).toEqual({ fullRounds: 3, condensedRounds: 12, refreshEvery: 5, budget: 1500 });
  });
});

describe("options", () => {
  it("are validated, with typed errors that name the field", () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ fullRounds: 0 }, /field 'fullRounds'/],
      [{ condensedRounds: -1 }, /field 'condensedRounds'/],
      [{ refreshEvery: 2.5 }, /field 'refreshEvery'/],
      [{ budget: 0 }, /field 'budget'/],
      [{ budjet: 100 }, /budjet/],
      [{ model: "gpt-4o" }, /field 'model'/],
    ];
    for (const [options, message] of bad) {
      expect(() => parseShortTermOptions(options as never)).toThrow(InvalidConfigError);
      expect(() => parseShortTermOptions(options as never)).toThrow(message);
      expect(() => createShortTermNode(options as never)).toThrow(InvalidConfigError);
    }
    expect(parseShortTermOptions({ condensedRounds: 0 }).condensedRounds).toBe(0);
  });
});
