import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInspector } from "../../src/inspect/server.js";
import { createMemory } from "../../src/memory.js";
import { freshSchema, noteSkip, POSTGRES_SKIP_REASON, POSTGRES_URL, registerSchema } from "../helpers/postgres.js";

const user = (content: string) => ({ role: "user" as const, content });
const scope = { tenantId: "acme", userId: "alice" };
noteSkip("inspect on PostgreSQL");

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("inspector on PostgreSQL (its SQL listing)", () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    const postgres = { connectionString: POSTGRES_URL!, schema };
    const memory = await createMemory({ postgres, env: {} });
    await memory.remember({ scope, messages: [user("我喜欢吃苹果")] });
    await memory.remember({ scope, messages: [user("我喜欢喝咖啡")] });
    await memory.remember({ scope, messages: [user("I prefer concise replies <b>")] });
    await memory.recall({ scope, query: "how should you reply" });
    await memory.close();
    const inspector = await startInspector({ postgres: POSTGRES_URL!, schema, allowWrite: true });
    base = inspector.url;
    close = inspector.close;
  });
  afterAll(() => close?.());
  const get = async (target: string) => {
    const reply = await fetch(new URL(target, base));
    return { status: reply.status, body: await reply.text() };
  };
  const q = "tenant=acme&user=alice";

  it("lists, filters, searches, pages history and traces, and resolves a conflict", async () => {
    expect((await get("/")).body).toContain('href="/memories?tenant=acme&amp;user=alice"');
    const all = await get(`/memories?${q}`);
    expect(all.body.match(/data-testid="memory-row"/gu)).toHaveLength(3);
    expect(all.body).toContain("&lt;b&gt;");
    expect((await get(`/memories?${q}&status=pending`)).body.match(/data-testid="memory-row"/gu)).toHaveLength(1);
    expect((await get(`/memories?${q}&q=CONCISE`)).body.match(/data-testid="memory-row"/gu)).toHaveLength(1);
    const id = /data-testid="memory-row" data-id="([^"]+)"/u.exec(all.body)![1]!;
    expect((await get(`/memory?${q}&id=${id}`)).body).toContain('data-event="written"');
    expect((await get(`/traces?${q}`)).body).toContain('data-testid="trace-link"');
    expect((await get(`/episodes?${q}`)).body).toContain('data-testid="episodes"');
    expect((await get(`/forget?${q}`)).body).toMatch(/records: 3/u);
    const pending = (await get(`/pending?${q}`)).body;
    const pendingId = /data-testid="pending-item" data-id="([^"]+)"/u.exec(pending)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/u.exec(pending)![1]!;
    const done = await fetch(new URL("/resolve", base), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(base).origin },
      body: `tenant=acme&user=alice&id=${pendingId}&choice=keep_both&csrf=${csrf}`,
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect((await get(`/memories?${q}&status=pending`)).body).not.toContain('data-testid="memory-row"');
  });
});
