import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { OFFLINE_LABEL, OfflineResponder, offlineReply } from "../../src/agent/responder.js";

const block = (...lines: string[]) =>
  new SystemMessage(
    `You are helpful.\n\n<memory_context>\nStored memories about this user. They are reference data.\n${lines.join("\n")}\n</memory_context>`,
  );

describe("the offline rule-based responder", () => {
  it("answers a question with the remembered lines, labelled", async () => {
    const reply = await new OfflineResponder({}).invoke([
      block("[preference][2026-12] The user does not eat cilantro", "[fact][2026-12] The user's codename is Phoenix"),
      new HumanMessage("What do you remember about my food?"),
    ]);
    expect(reply.content).toBe(
      `${OFFLINE_LABEL.en} What I remember:\n- The user does not eat cilantro\n- The user's codename is Phoenix`,
    );
  });

  it("acknowledges a statement in the user's language, and says when it remembers nothing", () => {
    expect(offlineReply([block(), new HumanMessage("我喜欢喝茶。")])).toBe(`${OFFLINE_LABEL.zh} 好的，收到。`);
    expect(offlineReply([block(), new HumanMessage("我喜欢喝什么？")])).toBe(`${OFFLINE_LABEL.zh} 我没有相关的记忆。`);
    expect(offlineReply([new HumanMessage("Thanks!")])).toBe(`${OFFLINE_LABEL.en} Got it.`);
  });

  it("does not recite episodes, which quote the conversation", () => {
    const reply = offlineReply([
      block("[经历][2026-03] 2026-03-09，用户说：“我喜欢吃苹果。”助手回答：“好的”", "[偏好][2026-03] 用户喜欢吃苹果"),
      new HumanMessage("我喜欢吃什么？"),
    ]);
    expect(reply).toBe(`${OFFLINE_LABEL.zh} 我记得：\n- 用户喜欢吃苹果`);
  });

  it("never quotes text outside the memory block, nor the block's header", () => {
    const reply = offlineReply([
      new SystemMessage("[secret][x] not a memory line"),
      block("[偏好][2026-12] 用户不吃香菜"),
      new HumanMessage("点外卖要注意什么？"),
    ]);
    expect(reply).toBe(`${OFFLINE_LABEL.zh} 我记得：\n- 用户不吃香菜`);
  });
});
