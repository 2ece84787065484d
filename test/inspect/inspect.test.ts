import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { startInspector } from "../../src/inspect/server.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { recordOperations } from "../../src/namespaces.js";
import { makeRecord } from "../read/helpers.js";

const user = (content: string) => ({ role: "user" as const, content });
const ALICE = { userId: "alice" };
const BOB = { tenantId: "acme", userId: "bob" };
const CAROL = { userId: "carol" };

/** A store with alice (a pending conflict, a memory with markup, a trace) and bob (one memory). */
async function seed(dir: string): Promise<void> {
  const memory = await createMemory({ dir, env: {} });
  await memory.remember({ scope: ALICE, messages: [user("我喜欢吃苹果")] });
  await memory.remember({ scope: ALICE, messages: [user("我喜欢喝咖啡")] });
  await memory.remember({ scope: ALICE, messages: [user("I never eat cilantro <script>alert(1)</script>")] });
  await memory.remember({ scope: ALICE, messages: [user("I prefer concise replies")] });
  await memory.remember({ scope: BOB, messages: [user("I live in Lisbon, Portugal")] });
  await memory.recall({ scope: ALICE, query: "what do I eat" });
  const at = new Date().toISOString();
  const records = Array.from({ length: 120 }, (_, i) =>
    makeRecord(CAROL, {
      id: `carol-${String(i).padStart(3, "0")}`,
      kind: "fact",
      key: `note.n${i}`,
      content: `Note number ${i}`,
      observedAt: at,
    }),
  );
  await memory.store.batch(records.flatMap(recordOperations));
  await memory.close();
}

interface Reply {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request with full control of the headers (fetch would not let a test set Host). */
function request(
  base: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  // The target as written, not resolved against the base: a test may send an odd path.
  const { hostname, port } = new URL(base);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path: target,
        method: init.method ?? "GET",
        headers: { ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...init.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const csrfOf = (page: string) => /name="csrf" value="([^"]+)"/u.exec(page)?.[1] ?? "";
const idsOf = (page: string) => [...page.matchAll(/data-testid="memory-row" data-id="([^"]+)"/gu)].map((m) => m[1]!);

let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-"));
  await seed(dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("inspector, read-only", () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const inspector = await startInspector({ dir });
    base = inspector.url;
    close = inspector.close;
  });
  afterAll(() => close());

  it("renders every page for a seeded user in both languages, with a strict CSP and no script", async () => {
    const trace = /data-testid="trace-link" href="([^"]+)"/u.exec(
      (await request(base, "/traces?user=alice")).body,
    )?.[1];
    expect(trace).toBeDefined();
    const pages = [
      "/",
      "/memories?user=alice",
      "/episodes?user=alice",
      "/pending?user=alice",
      "/traces?user=alice",
      "/recall?user=alice&q=coffee",
      "/sessions?user=alice",
      trace!.replaceAll("&amp;", "&"),
    ];
    for (const lang of ["en", "zh"]) {
      for (const page of pages) {
        const reply = await request(base, `${page}${page.includes("?") ? "&" : "?"}lang=${lang}`);
        expect(reply.status, page).toBe(200);
        expect(reply.headers["content-security-policy"]).toContain("default-src 'none'");
        expect(reply.headers["referrer-policy"]).toBe("same-origin");
        expect(reply.body).toContain(`<html lang="${lang === "zh" ? "zh-CN" : "en"}"`);
        expect(reply.body).toContain('data-testid="nav"');
        expect(reply.body).toContain('data-testid="read-only"');
        expect(reply.body).not.toMatch(/<script/iu);
      }
    }
    expect((await request(base, "/", { headers: { "accept-language": "zh-CN,zh;q=0.9" } })).body).toContain(
      "记忆检查器",
    );
    expect((await request(base, "/", { headers: { "accept-language": "en-US" } })).body).toContain("Memory inspector");
    // Stored values read in the page's language; their stored form stays in the filters' values.
    const zh = (await request(base, "/memories?user=alice&lang=zh")).body;
    expect(zh).toMatch(/<td>有效<\/td>/u);
    expect(zh).toContain('<option value="active">有效</option>');
    expect(zh).not.toMatch(/<td>active<\/td>/u);
    expect((await request(base, "/memories?user=alice&lang=en")).body).toMatch(/<td>active<\/td>/u);
  });

  it("lists scopes with counts, and shows the trace and a preview's block", async () => {
    const home = (await request(base, "/")).body;
    expect(home).toContain('data-testid="scope-link" href="/memories?tenant=_default&amp;user=alice"');
    expect(home).toContain('href="/memories?tenant=acme&amp;user=bob"');
    const preview = (await request(base, "/recall?user=alice&q=what+do+I+eat")).body;
    expect(preview).toContain('data-testid="trace-candidates"');
    expect(preview).toMatch(/data-testid="candidate"[^>]*data-injected="true"/u);
    expect(preview).toContain("<meter");
    expect(preview).toMatch(/<pre data-testid="injection-block">[^<]*memory_context/u);
  });

  it("try a recall writes nothing: no trace stored, no usage counted", async () => {
    const before = (await request(base, "/traces?user=alice")).body.match(/data-testid="trace-link"/gu)?.length;
    const stat = fs.statSync(path.join(dir, "store.sqlite")).mtimeMs;
    await request(base, "/recall?user=alice&q=cilantro");
    expect((await request(base, "/traces?user=alice")).body.match(/data-testid="trace-link"/gu)?.length).toBe(before);
    expect(fs.statSync(path.join(dir, "store.sqlite")).mtimeMs).toBe(stat);
  });

  it("filters narrow the table and the timeline shows the memory's history", async () => {
    const all = idsOf((await request(base, "/memories?user=alice")).body);
    const pending = idsOf((await request(base, "/memories?user=alice&status=pending")).body);
    const searched = idsOf((await request(base, "/memories?user=alice&q=CONCISE")).body);
    expect(all.length).toBeGreaterThan(pending.length);
    expect(pending).toHaveLength(1);
    expect(searched).toHaveLength(1);
    expect(idsOf((await request(base, "/memories?user=alice&kind=todo")).body)).toEqual([]);
    expect(idsOf((await request(base, "/memories?user=alice&source=inferred")).body)).toEqual([]);
    const page = (await request(base, `/memory?user=alice&id=${encodeURIComponent(all[0]!)}`)).body;
    expect(page).toMatch(/<ol data-testid="timeline"><li data-event="written"/u);
    expect(page).not.toContain('data-testid="delete-memory"');
  });

  it("pages the table 50 rows at a time", async () => {
    const pages = await Promise.all([0, 1, 2].map((page) => request(base, `/memories?user=carol&page=${page}`)));
    expect(pages.map((p) => idsOf(p.body).length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.body.includes('data-testid="next-page"'))).toEqual([true, true, false]);
    expect(new Set(pages.flatMap((p) => idsOf(p.body))).size).toBe(120);
    expect(pages[0]!.body).toContain('<p data-testid="memory-count">Memories: 120</p>');
    const next = /data-testid="next-page" href="([^"]+)"/u.exec(pages[0]!.body)![1]!.replaceAll("&amp;", "&");
    expect(idsOf((await request(base, next)).body)).toEqual(idsOf(pages[1]!.body));
  });

  it("escapes stored text: a memory holding <script> is shown as text", async () => {
    const page = (await request(base, "/memories?user=alice&q=cilantro")).body;
    expect(page).toContain("&lt;script&gt;");
    expect(page).not.toContain("<script>");
  });

  it("keeps users apart: alice's pages never show bob's memory", async () => {
    for (const page of [
      "/memories?user=alice",
      "/recall?user=alice&q=where+do+I+live+Portugal",
      "/episodes?user=alice",
    ])
      expect((await request(base, page)).body).not.toContain("Lisbon");
    expect((await request(base, "/memories?user=bob&tenant=acme")).body).toContain("Lisbon");
    expect((await request(base, "/memories?user=bob")).body).not.toContain("Lisbon");
  });

  it("answers invalid input with 400 and unknown ids with 404, without a stack trace", async () => {
    for (const bad of [
      "/memories?user=a*b",
      "/memories?user=alice&status=gone",
      "/memories?user=alice&page=-1",
      "/memory?user=alice&id=%5B",
      "/memories",
      "/episodes?user=alice&day=2026-13-45",
      "/memories?user=a%E2%80%8Bb",
    ]) {
      const reply = await request(base, bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.body).toContain('data-testid="error"');
      expect(reply.body).not.toMatch(/at .*\.ts:\d+|Error:/u);
    }
    expect((await request(base, "/memory?user=alice&id=nope")).status).toBe(404);
    expect((await request(base, "/trace?user=alice&id=nope")).status).toBe(404);
    expect((await request(base, "/nowhere?user=alice")).status).toBe(404);
  });

  it("refuses every POST and /export with 403, and changes nothing", async () => {
    const before = (await request(base, "/memories?user=alice")).body;
    const id = idsOf((await request(base, "/memories?user=alice&status=pending")).body)[0]!;
    for (const [target, body] of [
      ["/resolve", `user=alice&id=${id}&choice=keep_both`],
      ["/delete", `user=alice&id=${id}`],
      ["/forget", "user=alice&confirm=alice"],
    ] as const)
      expect((await request(base, target, { method: "POST", body })).status).toBe(403);
    expect((await request(base, "/export?user=alice")).status).toBe(403);
    expect((await request(base, "/forget?user=alice")).status).toBe(403);
    expect((await request(base, "/memories?user=alice")).body).toBe(before);
  });

  it("refuses a Host that is not the loopback address it listens on (DNS rebinding)", async () => {
    const port = new URL(base).port;
    expect((await request(base, "/", { headers: { host: `evil.example:${port}` } })).status).toBe(403);
    expect((await request(base, "/", { headers: { host: `localhost:${port}` } })).status).toBe(200);
  });
});

describe("inspector, --allow-write", () => {
  let base: string;
  let close: () => Promise<void>;
  let memory: Memory;
  let writeDir: string;
  beforeAll(async () => {
    writeDir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-w-"));
    await seed(writeDir);
    memory = await createMemory({ dir: writeDir, env: {} });
    const inspector = await startInspector({ memory, allowWrite: true });
    base = inspector.url;
    close = inspector.close;
  });
  afterAll(async () => {
    await close();
    await memory.close();
    fs.rmSync(writeDir, { recursive: true, force: true });
  });
  const origin = () => new URL(base).origin;
  const post = (target: string, body: string, headers: Record<string, string> = { origin: origin() }) =>
    request(base, target, { method: "POST", body, headers });

  it("resolves a pending conflict through the form, and the memory changes", async () => {
    const page = (await request(base, "/pending?user=alice")).body;
    const id = /data-testid="pending-item" data-id="([^"]+)"/u.exec(page)![1]!;
    expect(page).toContain('<button type="submit" name="choice" value="keep_both">');
    const csrf = csrfOf(page);
    expect((await post("/resolve", `tenant=_default&user=alice&id=${id}&choice=keep_both`, {})).status).toBe(403);
    expect((await post("/resolve", `user=alice&id=${id}&choice=keep_both&csrf=wrong`)).status).toBe(403);
    expect(
      (await post("/resolve", `user=alice&id=${id}&choice=keep_both&csrf=${csrf}`, { origin: "http://evil.example" }))
        .status,
    ).toBe(403);
    expect((await post("/resolve", `user=alice&id=${id}&choice=keep_both&csrf=${csrf}`, {})).status).toBe(403);
    const referer = { referer: `${origin()}/pending?user=alice` };
    expect((await post("/resolve", `user=alice&id=${id}&choice=nonsense&csrf=${csrf}`, referer)).status).toBe(400);
    const done = await post("/resolve", `tenant=_default&user=alice&id=${id}&choice=keep_both&csrf=${csrf}`);
    expect(done.status).toBe(303);
    expect(done.headers.location).toMatch(/^\/pending\?/u);
    expect((await request(base, done.headers.location!)).body).toContain('data-testid="notice"');
    expect((await memory.get(ALICE, id))?.status).toBe("active");
  });

  it("deletes a memory through its page", async () => {
    const id = idsOf((await request(base, "/memories?user=alice&q=concise")).body)[0]!;
    const page = (await request(base, `/memory?user=alice&id=${id}`)).body;
    expect(page).toContain('data-testid="delete-memory"');
    const done = await post("/delete", `tenant=_default&user=alice&id=${id}&csrf=${csrfOf(page)}`);
    expect(done.status).toBe(303);
    expect(await memory.get(ALICE, id)).toBeNull();
  });

  it("exports a user as a JSON download", async () => {
    const reply = await request(base, "/export?user=alice");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-disposition"]).toMatch(/^attachment/u);
    expect(JSON.parse(reply.body).records.length).toBeGreaterThan(0);
  });

  it("forgets a user only when the confirmation names them", async () => {
    const page = (await request(base, "/forget?tenant=acme&user=bob")).body;
    expect(page).toContain('data-testid="forget-form"');
    expect(page).toMatch(/records: 1/u);
    const csrf = csrfOf(page);
    expect((await post("/forget", `tenant=acme&user=bob&confirm=alice&csrf=${csrf}`)).status).toBe(400);
    expect(await memory.list(BOB)).toHaveLength(1);
    expect((await post("/forget", `tenant=acme&user=bob&confirm=bob&csrf=${csrf}`)).status).toBe(303);
    expect(await memory.list(BOB)).toHaveLength(0);
    expect((await memory.list(ALICE)).length).toBeGreaterThan(0);
  });
});

describe("inspector binding", () => {
  it("refuses a non-loopback bind without a token, and a short token", async () => {
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-b-"));
    await expect(startInspector({ dir: dir2, host: "0.0.0.0" })).rejects.toThrow(InvalidConfigError);
    await expect(startInspector({ dir: dir2, token: "short" })).rejects.toThrow(InvalidConfigError);
    fs.rmSync(dir2, { recursive: true, force: true });
  });

  it("asks for the token once, then takes the cookie", async () => {
    const token = "a-token-of-20-chars!";
    const inspector = await startInspector({ dir, token });
    try {
      expect((await request(inspector.url, "/")).status).toBe(403);
      const first = await request(inspector.url, `/?token=${encodeURIComponent(token)}`);
      expect(first.status).toBe(303);
      const away = await request(inspector.url, `/a/..//evil.example/?token=${encodeURIComponent(token)}`);
      expect(away.headers.location).toBe("/evil.example/");
      const cookie = String(first.headers["set-cookie"]?.[0]).split(";")[0]!;
      expect((await request(inspector.url, "/", { headers: { cookie } })).status).toBe(200);
      expect((await request(inspector.url, "/", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await inspector.close();
    }
  });
});
