/**
 * Recall traces are kept for days, so what a question carried must not be kept raw: the query,
 * the task name, previews, details and message ids are redacted before the trace is stored,
 * and again when one is read back (a trace stored before this rule).
 */
import { describe, expect, it } from "vitest";
import { tracesNamespace } from "../../src/namespaces.js";
import { buildTrace, type RecallTrace, redactTrace } from "../../src/recall/trace.js";
import { makeRecord, NOW, recallerWith } from "../read/helpers.js";

const scope = { userId: "u_trace_privacy", tenantId: "acme" };
const PHONE = "13812345678";
const CARD = "4111 1111 1111 1111";

describe("recall traces hold no raw secret", () => {
  it("stores the query and task redacted, in the store and as read back", async () => {
    const { store, recaller } = await recallerWith([
      makeRecord(scope, {
        key: "drink.tea",
        content: "用户喜欢喝绿茶",
        source: { type: "explicit", messageIds: ["call-13912345678"] },
      }),
    ]);
    const query = `我的卡 ${CARD} 和电话 ${PHONE} 还能用来订绿茶吗？`;
    const { traceId } = await recaller.recall({ scope, query, task: `task ${PHONE}`, instruction: `call ${PHONE}` });
    await recaller.settled();

    const trace = await recaller.trace(scope, traceId);
    expect(trace.query).toBe("我的卡 [BANK_CARD] 和电话 [PHONE] 还能用来订绿茶吗？");
    expect(trace.task).toBe("task [PHONE]");
    expect(trace.memories[0]?.messageIds[0]).toMatch(/^m-[a-p]{16}$/);

    const stored = JSON.stringify(await store.get(tracesNamespace(scope), traceId));
    for (const raw of [PHONE, CARD, CARD.replace(/ /g, ""), "13912345678"]) {
      expect(stored).not.toContain(raw);
      expect(JSON.stringify(trace)).not.toContain(raw);
    }
  });

  it("redacts a trace stored raw before this rule when it is read", async () => {
    const { store, recaller } = await recallerWith([
      makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" }),
    ]);
    const { traceId } = await recaller.recall({ scope, query: "绿茶" });
    await recaller.settled();
    const item = await store.get(tracesNamespace(scope), traceId);
    const raw = {
      ...(item!.value as RecallTrace),
      query: `my card is ${CARD}`,
      task: "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    };
    await store.put(tracesNamespace(scope), traceId, raw, false);

    const trace = await recaller.trace(scope, traceId);
    expect(trace.query).toBe("my card is [BANK_CARD]");
    expect(trace.task).toBe("[API_KEY]");
  });

  it("quotes an unknown trace id redacted in the error", async () => {
    const { recaller } = await recallerWith([]);
    const error = await recaller.trace(scope, `tr_${PHONE}`).then(
      () => new Error("no error"),
      (e: unknown) => e as Error,
    );
    expect(error.name).toBe("NotFoundError");
    expect(error.message).toContain("[PHONE]");
    expect(`${error.message} ${JSON.stringify((error as { details?: unknown }).details)}`).not.toContain(PHONE);
  });

  it("buildTrace and redactTrace leave a trace without secrets as it is", () => {
    const request = {
      scope,
      query: "绿茶",
      instruction: "绿茶",
      task: null,
      policy: { name: "default" },
      limit: 5,
      includeKnowledge: true,
      includeHistory: false,
      language: "zh",
      now: NOW.toISOString(),
    } as unknown as Parameters<typeof buildTrace>[0]["request"];
    const trace = buildTrace({ request, candidates: [], knowledgeCandidates: [], context: "" }, 7);
    expect(redactTrace(trace)).toEqual(trace);
    expect(trace.query).toBe("绿茶");
  });
});
