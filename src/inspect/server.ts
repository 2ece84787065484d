/**
 * The memory inspector: a local web page over a store (node:http, server-rendered HTML, no
 * client script). Read-only unless started with `allowWrite`; bound to 127.0.0.1 unless told
 * otherwise, and then only with a token. Every response carries a strict CSP; the Host header is
 * checked on a loopback bind (DNS rebinding); a POST needs the per-server CSRF token and a
 * same-origin Origin or Referer. Pages: src/inspect/pages.ts; what they list: listing.ts.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { InvalidConfigError, InvalidInputError, isMemoryError, NotFoundError } from "../errors.js";
import { idProblem } from "../ids.js";
import type { Memory } from "../memory.js";
import { MEMORY_KINDS, MEMORY_STATUSES, type MemoryScope, parseScope, SOURCE_TYPES } from "../schema.js";
import { HNSWStore } from "../store/hnsw-store.js";
import { PostgresStore } from "../store/postgres-store.js";
import { type Html, STYLE } from "./html.js";
import { fill, labelsOf, pickLang } from "./i18n.js";
import { type Listing, openSqliteListing } from "./listing.js";
import { openPostgresListing } from "./listing-postgres.js";
import { openStoreListing } from "./listing-store.js";
import * as pages from "./pages.js";

export interface InspectorOptions {
  /** The embedded store's directory (opened, so its lock taken, for as long as the inspector runs). */
  dir?: string;
  /** A PostgreSQL store (a schema `migrate` set up). */
  postgres?: string;
  schema?: string;
  /** @default "127.0.0.1" */
  host?: string;
  /** @default 0 (a free port) */
  port?: number;
  /** Offer resolve, delete, export and forget. @default false */
  allowWrite?: boolean;
  /** Required (≥ 16 characters) for a non-loopback bind; asked of every request when given. */
  token?: string;
  /** An open facade to inspect instead of `dir` / `postgres` (not closed by `close()`). */
  memory?: Memory;
  /** The clock that decides which stored traces have expired; give the facade's `now` when it has one. @default the system clock */
  now?: () => Date;
}

export interface Inspector {
  url: string;
  close(): Promise<void>;
}

const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const COOKIE = "lgm_inspect";
const MAX_BODY = 16 * 1024;
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

class HttpError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 413,
    message: string,
  ) {
    super(message);
  }
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Start the inspector.
 * @throws {InvalidConfigError} for a non-loopback host without a token of ≥ 16 characters, or
 * without exactly one of `dir`, `postgres` and `memory`.
 * @example
 * import fs from "node:fs";
 * import os from "node:os";
 * import path from "node:path";
 * const inspector = await startInspector({ dir: fs.mkdtempSync(path.join(os.tmpdir(), "memory-")) });
 * inspector.url; // "http://127.0.0.1:41234/"
 * await inspector.close();
 */
export async function startInspector(options: InspectorOptions): Promise<Inspector> {
  const host = options.host ?? "127.0.0.1";
  const token = options.token;
  if (token !== undefined && token.length < 16)
    throw new InvalidConfigError(`The inspector's token must have at least 16 characters; received ${token.length}.`, {
      field: "token",
    });
  if (!LOOPBACK.has(host) && token === undefined)
    throw new InvalidConfigError(
      `The inspector binds to ${host}, which is not loopback: pass a token (--token, ≥ 16 characters) so that only you can open it.`,
      { field: "host" },
    );
  const given = [options.dir, options.postgres, options.memory].filter((x) => x !== undefined).length;
  if (given !== 1)
    throw new InvalidConfigError("The inspector needs exactly one of dir, postgres and memory.", { field: "dir" });

  const { memory, owned } = await openMemory(options);
  const listing: Listing =
    memory.store instanceof HNSWStore
      ? openSqliteListing(memory.store.dir)
      : owned && options.postgres !== undefined && memory.store instanceof PostgresStore
        ? openPostgresListing(options.postgres, memory.store.schema)
        : openStoreListing(memory);
  const allowWrite = options.allowWrite === true;
  const csrf = randomBytes(24).toString("base64url");
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`inspector: ${(error as Error)?.message ?? String(error)}\n`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const allowedHosts = new Set(LOOPBACK.has(host) ? [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] : []);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader("content-security-policy", CSP);
    res.setHeader("referrer-policy", "same-origin");
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("x-frame-options", "DENY");
    res.setHeader("cache-control", "no-store");
    const url = new URL(req.url ?? "/", "http://inspector.invalid");
    const { lang, explicit } = pickLang(url.searchParams.get("lang"), req.headers["accept-language"]);
    const t = labelsOf(lang);
    const ctx: pages.PageContext = {
      lang,
      ...(explicit ? { langParam: lang } : {}),
      t,
      allowWrite,
      csrf,
      tenant: "",
      user: "",
      href(path, params = {}) {
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") query.set(k, String(v));
        if (explicit) query.set("lang", lang);
        const text = query.toString();
        return text ? `${path}?${text}` : path;
      },
    };
    const send = (status: number, title: string, body: Html) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(pages.layout(ctx, title, body).text);
    };
    try {
      if (allowedHosts.size > 0 && !allowedHosts.has(String(req.headers.host ?? "").toLowerCase()))
        throw new HttpError(403, "Host not allowed.");
      if (token !== undefined && !authorised(req, url, res)) throw new HttpError(403, "A valid token is required.");
      if (url.searchParams.has("token")) {
        url.searchParams.delete("token");
        // One leading slash: "//host/…" would send the browser to another host.
        let where = url.pathname;
        while (where.startsWith("//")) where = where.slice(1);
        res.writeHead(303, { location: `${where}${url.search}` });
        res.end();
        return;
      }
      if (url.pathname === "/style.css" && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/css; charset=utf-8" });
        res.end(STYLE);
        return;
      }
      if (req.method === "POST") {
        if (!allowWrite) throw new HttpError(403, t.readOnly);
        await post(req, res, url, ctx);
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed.");
      await get(url, ctx, send, res);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : statusOf(error);
      if (status === 500) {
        process.stderr.write(`inspector: ${(error as Error)?.message ?? String(error)}\n`);
        send(500, t.error, pages.errorBody(t.internal));
        return;
      }
      const message =
        error instanceof HttpError
          ? error.message
          : status === 404
            ? `${t.notFound} ${(error as Error).message}`
            : (error as Error).message;
      send(status, t.error, pages.errorBody(message));
    }
  }

  function authorised(req: http.IncomingMessage, url: URL, res: http.ServerResponse): boolean {
    const offered = url.searchParams.get("token");
    if (offered !== null && same(offered, token!)) {
      res.setHeader("set-cookie", `${COOKIE}=${encodeURIComponent(token!)}; HttpOnly; SameSite=Strict; Path=/`);
      return true;
    }
    const header = req.headers.authorization;
    if (header?.startsWith("Bearer ") && same(header.slice(7), token!)) return true;
    for (const part of String(req.headers.cookie ?? "").split(";")) {
      const [name, ...value] = part.trim().split("=");
      if (name === COOKIE && same(value.join("="), encodeURIComponent(token!))) return true;
    }
    return false;
  }

  async function get(
    url: URL,
    ctx: pages.PageContext,
    send: (s: number, title: string, body: Html) => void,
    res: http.ServerResponse,
  ) {
    const { t } = ctx;
    const q = url.searchParams;
    const path = url.pathname;
    if (path === "/") {
      ctx.notice = q.get("done") === "forgot" ? fill(t.forgetDone, { user: q.get("who") ?? "" }) : undefined;
      send(200, t.scopes, pages.scopesPage(ctx, await listing.scopes()));
      return;
    }
    const scope = scopeOf(q, ctx);
    const page = pageOf(q);
    switch (path) {
      case "/memories": {
        const query = {
          status: oneOf(q, "status", MEMORY_STATUSES),
          kind: oneOf(q, "kind", MEMORY_KINDS),
          source: oneOf(q, "source", SOURCE_TYPES),
          q: textOf(q, "q"),
          page,
        };
        if (q.get("done") === "deleted") ctx.notice = fill(t.deleted, { id: idOf(q) });
        send(200, t.memories, pages.memoriesPage(ctx, query, await listing.records(scope, query)));
        return;
      }
      case "/memory": {
        const id = idOf(q);
        const [record, history] = await Promise.all([memory.get(scope, id), listing.history(scope, id)]);
        if (!record && history.length === 0) throw new NotFoundError(id);
        send(200, t.memory, pages.memoryPage(ctx, record, history, id));
        return;
      }
      case "/episodes": {
        const days = await listing.episodeDays(scope);
        const day = q.get("day") ? dayOf(q.get("day")!) : days[0]?.day;
        const shown = day ? await listing.episodes(scope, day, page) : undefined;
        send(200, t.episodes, pages.episodesPage(ctx, days, day, shown, page));
        return;
      }
      case "/pending": {
        if (q.get("done") === "resolved")
          ctx.notice = fill(t.resolved, { id: idOf(q), choice: textOf(q, "choice") ?? "" });
        send(200, t.pending, pages.pendingPage(ctx, await listing.pending(scope, page), page));
        return;
      }
      case "/traces":
        send(
          200,
          t.traces,
          pages.tracesPage(ctx, await listing.traces(scope, page, (options.now ?? (() => new Date()))()), page),
        );
        return;
      case "/trace": {
        const trace = await memory.trace(scope, idOf(q));
        send(200, t.trace, pages.traceBody(ctx, trace, undefined));
        return;
      }
      case "/recall": {
        const query = textOf(q, "q") ?? "";
        const preview = query ? await memory.previewRecall({ scope, query }) : undefined;
        send(
          200,
          t.recall,
          pages.recallPage(ctx, query, preview && pages.traceBody(ctx, preview.trace, preview.context)),
        );
        return;
      }
      case "/sessions": {
        const [sessions, tasks] = await Promise.all([memory.sessions.list(scope), memory.tasks.list(scope)]);
        send(200, t.sessions, pages.sessionsPage(ctx, sessions, tasks));
        return;
      }
      case "/export": {
        if (!allowWrite) throw new HttpError(403, t.readOnly);
        const doc = await memory.export(scope);
        res.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "content-disposition": 'attachment; filename="memory-export.json"',
        });
        res.end(`${JSON.stringify(doc, null, 2)}\n`);
        return;
      }
      case "/forget": {
        if (!allowWrite) throw new HttpError(403, t.readOnly);
        send(200, t.forget, pages.forgetPage(ctx, await listing.counts(scope)));
        return;
      }
      default:
        throw new HttpError(404, t.notFound);
    }
  }

  async function post(req: http.IncomingMessage, res: http.ServerResponse, url: URL, ctx: pages.PageContext) {
    const origin = `http://${req.headers.host ?? ""}`;
    const claimed = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
    // A browser sends Origin with a form POST (Referrer-Policy same-origin keeps it, where
    // no-referrer would make it "null"); a request that shows neither is not from this page.
    if (claimed !== origin) throw new HttpError(403, "Cross-origin or origin-less request refused.");
    const form = new URLSearchParams(await readBody(req));
    if (!same(form.get("csrf") ?? "", csrf)) throw new HttpError(403, "Missing or stale form token: reload the page.");
    const scope = scopeOf(form, ctx);
    const back = (path: string, params: Record<string, string>) => {
      res.writeHead(303, { location: ctx.href(path, params) });
      res.end();
    };
    const where = { tenant: ctx.tenant, user: ctx.user };
    switch (url.pathname) {
      case "/resolve": {
        const id = idOf(form);
        const choice = textOf(form, "choice") ?? "";
        await memory.resolve(scope, id, choice as Parameters<Memory["resolve"]>[2]);
        back("/pending", { ...where, done: "resolved", id, choice });
        return;
      }
      case "/delete": {
        const id = idOf(form);
        await memory.delete(scope, id, { reason: "deleted in the inspector" });
        back("/memories", { ...where, done: "deleted", id });
        return;
      }
      case "/forget": {
        if ((form.get("confirm") ?? "").trim() !== scope.userId)
          throw new HttpError(400, `Type the user id '${scope.userId}' to confirm; nothing was removed.`);
        await memory.forget(scope);
        back("/", { done: "forgot", who: scope.userId });
        return;
      }
      default:
        throw new HttpError(404, ctx.t.notFound);
    }
  }

  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await listing.close();
      if (owned) await memory.close();
    },
  };
}

async function openMemory(options: InspectorOptions): Promise<{ memory: Memory; owned: boolean }> {
  if (options.memory) return { memory: options.memory, owned: false };
  const { createMemory } = await import("../memory.js");
  // An inspector looks at a store; it never starts one in a mistyped directory.
  if (options.dir !== undefined && !fs.existsSync(path.join(options.dir, "store.sqlite")))
    throw new NotFoundError(`No store at ${options.dir} (no store.sqlite in it): pass the store's directory.`, {
      dir: options.dir,
    });
  if (options.dir !== undefined) return { memory: await createMemory({ dir: options.dir }), owned: true };
  const postgres = { connectionString: options.postgres!, ...(options.schema ? { schema: options.schema } : {}) };
  return { memory: await createMemory({ postgres }), owned: true };
}

function statusOf(error: unknown): 400 | 404 | 500 {
  if (error instanceof NotFoundError) return 404;
  if (isMemoryError(error)) return error instanceof InvalidInputError || "code" in error ? 400 : 500;
  return 500;
}

function safeOrigin(referer: string): string | undefined {
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413 as 400, "Form too large."));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The scope of a request, validated as the API validates it; the context keeps it for links. */
function scopeOf(params: URLSearchParams, ctx: pages.PageContext): MemoryScope {
  const user = params.get("user");
  if (!user) throw new HttpError(400, "A user is required (?user=…).");
  const tenant = params.get("tenant") || "_default";
  const scope = parseScope({ userId: user, tenantId: tenant });
  ctx.tenant = scope.tenantId ?? "_default";
  ctx.user = scope.userId;
  return scope;
}

function idOf(params: URLSearchParams): string {
  const id = params.get("id") ?? "";
  const problem = id.length === 0 || id.length > 128 ? "must be 1 to 128 characters" : idProblem(id);
  if (problem) throw new HttpError(400, `Invalid id: ${problem}.`);
  return id;
}

function oneOf<T extends string>(params: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const value = params.get(name);
  if (!value) return undefined;
  if (!(values as readonly string[]).includes(value))
    throw new HttpError(
      400,
      `${name} must be one of ${values.join(", ")}; received ${JSON.stringify(value.slice(0, 40))}.`,
    );
  return value as T;
}

function textOf(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  if (value.length > 500) throw new HttpError(400, `${name} must be at most 500 characters.`);
  return value;
}

function pageOf(params: URLSearchParams): number {
  const raw = params.get("page");
  if (raw === null || raw === "") return 0;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 0 || page > 100_000)
    throw new HttpError(400, "page must be a whole number ≥ 0.");
  return page;
}

function dayOf(value: string): string {
  const time = Date.parse(`${value}T00:00:00Z`);
  if (value.length !== 10 || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw new HttpError(400, "day must be a date such as 2026-12-01.");
  return value;
}
