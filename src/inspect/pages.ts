/**
 * The inspector's pages, server-rendered: each a function of what it shows, no client script.
 * Every value goes through {@link html}'s escaping; the markup keeps the data-testid contract of
 * docs/cli.md ("inspect").
 */

import type { RecallTrace } from "../recall/trace.js";
import { MEMORY_KINDS, MEMORY_STATUSES, type MemoryRecord, SOURCE_TYPES } from "../schema.js";
import type { HistoryEntry } from "../write/history.js";
import type { PendingMemory } from "../write/review.js";
import { Html, html } from "./html.js";
import { fill, type Labels, type Lang, termOf } from "./i18n.js";
import type { Page, RecordQuery, ScopeSummary, SectionCounts, TraceSummary } from "./listing.js";

export interface PageContext {
  lang: Lang;
  /** Set when `?lang=` chose the language: links and forms keep it. */
  langParam?: Lang;
  t: Labels;
  allowWrite: boolean;
  /** The per-server token every POST form carries. */
  csrf: string;
  /** The scope's query values as given (tenant `_default` for none). */
  tenant: string;
  user: string;
  notice?: string;
  /** A link inside the inspector, keeping `lang` when the query chose it. */
  href(path: string, params?: Record<string, string | number | undefined>): string;
}

const fmtCount = (n: number, capped: boolean) => `${n.toLocaleString("en-US")}${capped ? "+" : ""}`;
const day = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") : "");

export function layout(ctx: PageContext, title: string, body: Html): Html {
  const { t } = ctx;
  const scoped = ctx.user !== "";
  const at = (path: string) => ctx.href(path, { tenant: ctx.tenant, user: ctx.user });
  return html`<!doctype html><html lang="${ctx.lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${t.title}</title>
<link rel="stylesheet" href="/style.css"></head><body><header><h1><a href="${ctx.href("/")}">${t.title}</a>${
    scoped ? html` · ${ctx.tenant} / ${ctx.user}` : ""
  }</h1><nav data-testid="nav"><a href="${ctx.href("/")}">${t.scopes}</a>${
    scoped
      ? html`<a href="${at("/memories")}">${t.memories}</a><a href="${at("/episodes")}">${t.episodes}</a><a href="${at(
          "/pending",
        )}">${t.pending}</a><a href="${at("/traces")}">${t.traces}</a><a href="${at("/recall")}">${t.recall}</a><a href="${at(
          "/sessions",
        )}">${t.sessions}</a>${
          ctx.allowWrite
            ? html`<a href="${at("/export")}">${t.export}</a><a href="${at("/forget")}">${t.forget}</a>`
            : ""
        }`
      : ""
  }</nav></header>${ctx.allowWrite ? "" : html`<div class="banner" data-testid="read-only">${t.readOnly}</div>`}<main>${
    ctx.notice ? html`<p class="notice" data-testid="notice">${ctx.notice}</p>` : ""
  }<h2>${title}</h2>${body}</main></body></html>`;
}

export function errorBody(message: string): Html {
  return html`<p class="error" data-testid="error">${message}</p>`;
}

export function scopesPage(ctx: PageContext, scopes: ScopeSummary[]): Html {
  const { t } = ctx;
  if (scopes.length === 0) return html`<p>${t.none}</p>`;
  return html`<table><tr><th>${t.tenant}</th><th>${t.user}</th><th>${t.memories}</th><th>${t.episodes}</th></tr>${scopes.map(
    (s) =>
      html`<tr><td>${s.tenantId}</td><td><a data-testid="scope-link" href="${ctx.href("/memories", {
        tenant: s.tenantId,
        user: s.userId,
      })}">${s.userId}</a></td><td>${s.records}</td><td>${s.episodes}</td></tr>`,
  )}</table>`;
}

function select(
  ctx: PageContext,
  name: string,
  values: readonly string[],
  chosen: string | undefined,
  any: string,
): Html {
  return html`<select name="${name}"><option value="">${any}</option>${values.map(
    (v) => html`<option value="${v}"${v === chosen ? new Html(" selected") : ""}>${termOf(ctx.lang, v)}</option>`,
  )}</select>`;
}

function hidden(ctx: PageContext, extra: Record<string, string> = {}): Html {
  const fields = { tenant: ctx.tenant, user: ctx.user, ...(ctx.langParam ? { lang: ctx.langParam } : {}), ...extra };
  return html`${Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}`;
}

function pager(
  ctx: PageContext,
  path: string,
  params: Record<string, string | undefined>,
  page: number,
  hasNext: boolean,
) {
  const { t } = ctx;
  return html`<p>${
    page > 0
      ? html`<a data-testid="previous-page" href="${ctx.href(path, { ...params, page: page - 1 })}">${t.previous}</a> `
      : ""
  }${hasNext ? html`<a data-testid="next-page" href="${ctx.href(path, { ...params, page: page + 1 })}">${t.next}</a>` : ""}</p>`;
}

export function memoriesPage(ctx: PageContext, query: RecordQuery, page: Page<MemoryRecord>): Html {
  const { t } = ctx;
  const term = (v: string) => termOf(ctx.lang, v);
  const params = {
    tenant: ctx.tenant,
    user: ctx.user,
    status: query.status,
    kind: query.kind,
    source: query.source,
    q: query.q,
  };
  return html`<form data-testid="memory-filters" method="get" action="/memories">${hidden(ctx)}
${select(ctx, "status", MEMORY_STATUSES, query.status, `${t.status}: ${t.any}`)}
${select(ctx, "kind", MEMORY_KINDS, query.kind, `${t.kind}: ${t.any}`)}
${select(ctx, "source", SOURCE_TYPES, query.source, `${t.source}: ${t.any}`)}
<input name="q" value="${query.q ?? ""}" placeholder="${t.search}"> <button type="submit">${t.filter}</button></form>
<p data-testid="memory-count">${fill(t.memoryCount, { n: fmtCount(page.total, page.capped) })}</p>
<table data-testid="memory-table"><tr><th>${t.content}</th><th>${t.kind}</th><th>${t.source}</th><th>${t.status}</th><th>${t.key}</th>
<th>${t.scores}</th><th>${t.written}</th><th>${t.lastUsed}</th><th>${t.tier}</th></tr>${page.items.map(
    (r) => html`<tr data-testid="memory-row" data-id="${r.id}"><td><a href="${ctx.href("/memory", {
      tenant: ctx.tenant,
      user: ctx.user,
      id: r.id,
    })}">${r.content}</a></td><td>${term(r.kind)}</td><td>${term(r.source.type)}</td><td>${term(r.status)}</td><td>${r.key}</td>
<td>${r.confidence.toFixed(2)} / ${r.importance.toFixed(2)}</td><td>${day(r.createdAt)}</td><td>${
      r.accessCount > 0 ? day(r.lastAccessedAt) : ""
    }</td><td>${term(r.tier ?? "hot")}</td></tr>`,
  )}</table>${page.items.length === 0 ? html`<p>${t.none}</p>` : ""}${pager(ctx, "/memories", params, query.page, page.hasNext)}`;
}

/** The timeline's event for a history entry (a resolution reads as the decision it took). */
export function eventOf(entry: HistoryEntry): string {
  switch (entry.action) {
    case "add":
      return "written";
    case "supersede":
      return "superseded";
    case "merge":
      return "merged";
    case "reinforce":
      return "confirmed";
    case "restore":
      return "restored";
    case "delete":
    case "reject":
      return "deleted";
    case "archive":
      return "archived";
    case "resolve":
      return entry.decision === "supersede"
        ? "superseded"
        : entry.decision === "merge"
          ? "merged"
          : entry.decision === "reject"
            ? "deleted"
            : "confirmed";
  }
}

export function memoryPage(ctx: PageContext, record: MemoryRecord | null, history: HistoryEntry[], id: string): Html {
  const { t } = ctx;
  const term = (v: string) => termOf(ctx.lang, v);
  const link = (other: string) =>
    html`<a href="${ctx.href("/memory", { tenant: ctx.tenant, user: ctx.user, id: other })}">${other}</a>`;
  return html`${
    record
      ? html`<table><tr><th>${t.content}</th><td>${record.content}</td></tr><tr><th>${t.key}</th><td>${record.key}</td></tr>
<tr><th>${t.kind}</th><td>${term(record.kind)}</td></tr><tr><th>${t.source}</th><td>${term(record.source.type)}</td></tr>
<tr><th>${t.status}</th><td>${term(record.status)}${record.supersededBy ? html` → ${link(record.supersededBy)}` : ""}</td></tr>
<tr><th>${t.scores}</th><td>${record.confidence.toFixed(2)} / ${record.importance.toFixed(2)}</td></tr>
<tr><th>${t.written}</th><td>${record.createdAt}</td></tr><tr><th>${t.lastUsed}</th><td>${
          record.accessCount > 0 ? `${record.lastAccessedAt} (${record.accessCount})` : t.never
        }</td></tr>
<tr><th>${t.tier}</th><td>${term(record.tier ?? "hot")}</td></tr></table>`
      : html`<p class="muted">${id}</p>`
  }<h2>${t.history}</h2><ol data-testid="timeline">${history.map(
    (e) =>
      html`<li data-event="${eventOf(e)}" data-action="${e.action}"><b>${term(eventOf(e))}</b> ${day(e.at)} · ${e.reason}${
        e.relatedId ? html` · ${link(e.relatedId)}` : ""
      }${e.decision ? html` · ${term(e.decision)}` : ""}</li>`,
  )}</ol>${
    ctx.allowWrite && record
      ? html`<form data-testid="delete-memory" method="post" action="/delete">${hidden(ctx, { id: record.id, csrf: ctx.csrf })}
<button type="submit">${t.delete}</button></form>`
      : ""
  }`;
}

export function episodesPage(
  ctx: PageContext,
  days: { day: string; count: number }[],
  chosen: string | undefined,
  page: Page<MemoryRecord> | undefined,
  pageNo: number,
): Html {
  const { t } = ctx;
  return html`<section data-testid="episodes"><p>${days.map(
    (d) =>
      html`<a href="${ctx.href("/episodes", { tenant: ctx.tenant, user: ctx.user, day: d.day })}"${
        d.day === chosen ? new Html(' aria-current="page"') : ""
      }>${d.day}</a> (${d.count}) `,
  )}</p>${
    page
      ? html`<table><tr><th>${t.written}</th><th>${t.content}</th></tr>${page.items.map(
          (r) => html`<tr data-id="${r.id}"><td>${day(r.observedAt)}</td><td>${r.content}</td></tr>`,
        )}</table>${pager(ctx, "/episodes", { tenant: ctx.tenant, user: ctx.user, day: chosen }, pageNo, page.hasNext)}`
      : html`<p>${t.none}</p>`
  }</section>`;
}

export function pendingPage(ctx: PageContext, page: Page<PendingMemory>, pageNo: number): Html {
  const { t } = ctx;
  const term = (v: string) => termOf(ctx.lang, v);
  if (page.items.length === 0) return html`<p>${t.none}</p>`;
  return html`<p>${fill(t.pendingCount, { n: fmtCount(page.total, page.capped) })}</p>${page.items.map(
    (p) => html`<article data-testid="pending-item" data-id="${p.id}"><p><b>${t.question}:</b> ${p.question}</p>
<p>${p.record.content} <span class="muted">(${p.relation}, ${term(p.record.source.type)})</span></p>${
      p.existing ? html`<p>${t.existing}: ${p.existing.content}</p>` : ""
    }${
      ctx.allowWrite
        ? html`<form data-testid="resolve-form" method="post" action="/resolve">${hidden(ctx, { id: p.id, csrf: ctx.csrf })}${p.options.map(
            (o) => html`<button type="submit" name="choice" value="${o}">${term(o)}</button> `,
          )}</form>`
        : html`<p>${t.options}: ${p.options.map(term).join(", ")}</p>`
    }</article>`,
  )}${pager(ctx, "/pending", { tenant: ctx.tenant, user: ctx.user }, pageNo, page.hasNext)}`;
}

export function tracesPage(ctx: PageContext, page: Page<TraceSummary>, pageNo: number): Html {
  const { t } = ctx;
  if (page.items.length === 0) return html`<p>${t.none}</p>`;
  return html`<table><tr><th>${t.written}</th><th>${t.query}</th><th>${t.candidates}</th><th>${t.injected}</th></tr>${page.items.map(
    (s) =>
      html`<tr><td>${day(s.createdAt)}</td><td><a data-testid="trace-link" href="${ctx.href("/trace", {
        tenant: ctx.tenant,
        user: ctx.user,
        id: s.traceId,
      })}">${s.query || s.traceId}</a></td><td>${s.candidates}</td><td>${s.injected}</td></tr>`,
  )}</table>${pager(ctx, "/traces", { tenant: ctx.tenant, user: ctx.user }, pageNo, page.hasNext)}`;
}

const SIGNALS = ["semantic", "recency", "importance", "usage"] as const;

/** A trace: the query, every candidate with its signals as meters, what was injected or filtered and why, the block. */
export function traceBody(ctx: PageContext, trace: RecallTrace, block: string | undefined): Html {
  const { t } = ctx;
  const term = (v: string) => termOf(ctx.lang, v);
  const meter = (v: number | undefined) =>
    v === undefined
      ? ""
      : html`<meter min="0" max="1" value="${v.toFixed(3)}" title="${v.toFixed(3)}">${v.toFixed(3)}</meter>`;
  return html`<p><b>${t.query}:</b> ${trace.query} <span class="muted">(${trace.policy}; ${trace.channels.join(", ")})</span></p>
<table data-testid="trace-candidates"><tr><th>${t.content}</th><th>${t.kind}</th>${SIGNALS.map((s) => html`<th>${term(s)}</th>`)}<th>${t.score}</th>
<th>${t.outcome}</th><th>${t.reason}</th></tr>${trace.memories.map(
    (
      m,
    ) => html`<tr data-testid="candidate" data-id="${m.id}" data-injected="${String(m.outcome === "injected")}"><td>${m.preview}</td>
<td>${term(m.kind)}</td>${SIGNALS.map((s) => html`<td>${meter(m.signals?.[s])}</td>`)}<td>${meter(m.score)}</td><td>${term(m.outcome)}</td>
<td>${m.reason}${m.detail ? html` · ${m.detail}` : ""}</td></tr>`,
  )}</table><h2>${t.block}</h2><pre data-testid="injection-block">${
    block ?? fill(t.blockNotStored, { n: trace.contextTokens })
  }</pre>`;
}

export function recallPage(ctx: PageContext, q: string, preview: Html | undefined): Html {
  const { t } = ctx;
  return html`<form data-testid="recall-form" method="get" action="/recall">${hidden(ctx)}<input name="q" value="${q}" required>
<button type="submit">${t.run}</button></form><p class="muted">${t.previewNote}</p>${preview ?? ""}`;
}

export function sessionsPage(
  ctx: PageContext,
  sessions: { sessionId: string; lastActiveAt: string }[],
  tasks: { taskId: string; title?: string; status?: string; lastActiveAt: string }[],
): Html {
  const { t } = ctx;
  return html`<section data-testid="sessions"><h2>${t.sessions}</h2>${
    sessions.length === 0
      ? html`<p>${t.none}</p>`
      : html`<table><tr><th>id</th><th>${t.updated}</th></tr>${sessions.map(
          (s) => html`<tr><td>${s.sessionId}</td><td>${day(s.lastActiveAt)}</td></tr>`,
        )}</table>`
  }</section><section data-testid="tasks"><h2>${t.tasks}</h2>${
    tasks.length === 0
      ? html`<p>${t.none}</p>`
      : html`<table><tr><th>id</th><th>${t.name}</th><th>${t.status}</th><th>${t.updated}</th></tr>${tasks.map(
          (k) =>
            html`<tr><td>${k.taskId}</td><td>${k.title ?? ""}</td><td>${k.status ?? ""}</td><td>${day(k.lastActiveAt)}</td></tr>`,
        )}</table>`
  }</section>`;
}

export function forgetPage(ctx: PageContext, counts: SectionCounts): Html {
  const { t } = ctx;
  const rows = Object.entries(counts).filter(([, n]) => n > 0);
  return html`<p>${fill(t.forgetWarning, { user: ctx.user })}</p><ul data-testid="forget-counts">${rows.map(
    ([section, n]) => html`<li data-section="${section}">${section}: ${n}</li>`,
  )}</ul><form data-testid="forget-form" method="post" action="/forget">${hidden(ctx, { csrf: ctx.csrf })}
<label>${t.forgetConfirm} (${ctx.user}): <input name="confirm" required autocomplete="off"></label>
<button type="submit">${t.forget}</button></form>`;
}
