/**
 * A reply the rules read as a plan or a state that names nothing ("还在路上，预计周五到"), to a
 * question about a particular thing ("A1001 这单到哪了？"), is also kept with the question, which
 * says what it is about; otherwise the memory would not say which order. Order ids and names are
 * drawn at random (seeded). Must not fire: a question that names nothing particular, or a reply
 * that names the thing itself, leaves only the rules' memory.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import { NameBook, ORDER_ID, pick, ZH_FULL_NAME } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-answer-anchor-", "2026-06-10T09:00:00Z");

async function exchange(question: string, reply: string, user: string) {
  const memory = await suiteMemory();
  const scope = { userId: user };
  await memory.remember({
    scope,
    messages: [
      { id: "q", role: "assistant", content: question, at: tick() },
      { id: "a", role: "user", content: reply, at: tick() },
    ],
  });
  const memories = (await memory.list(scope, { status: "active" })).filter(
    (m) => m.about !== "conversation" && m.source.messageIds.includes("a"),
  );
  await memory.close();
  return memories.map((m) => m.content);
}

describe("a reply that names nothing, to a question about a particular thing", () => {
  it("is kept with the question that names it, 8 seeded draws", async () => {
    const r = createRng(5101);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 8; i++) {
      const [question, thing] =
        i % 2 === 0
          ? ((id) => [pick(r, [`${id} 这单到哪了？`, `Where is order ${id} now?`]), id])(book.fresh(ORDER_ID))
          : ((name) => [`${name}最近怎么样？`, name])(book.fresh(ZH_FULL_NAME));
      const reply = /[\u4e00-\u9fff]/u.test(question)
        ? pick(r, ["还在路上，预计周五到。", "他下周要去成都出差。", "下个月要搬家了。"])
        : pick(r, ["It should arrive on Friday.", "It's due next week."]);
      const contents = await exchange(question, reply, `anchor-${i}`);
      expect(contents.join(" | "), `${question} ${reply}`).toContain(thing);
    }
  });

  it("leaves only the rules' memory when the question names nothing or the reply names the thing", async () => {
    const open = await exchange("What are you doing this weekend?", "I'm going hiking on Saturday.", "anchor-none");
    expect(
      open.some((c) => /Asked|被问到/u.test(c)),
      open.join(" | "),
    ).toBe(false);
    expect(open.length).toBeGreaterThan(0);
    const named = await exchange("Where is order H2159 now?", "Order H2159 should arrive on Friday.", "anchor-named");
    expect(
      named.some((c) => /Asked|被问到/u.test(c)),
      named.join(" | "),
    ).toBe(false);
    expect(named.join(" ")).toContain("H2159");
  });
});
