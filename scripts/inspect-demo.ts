/**
 * The inspector's demo store and the Chromium it is looked at with, shared by the screenshots
 * (`npm run inspect:shots`, scripts/inspect-shots.ts) and the browser tests (test/browser/): the
 * pages the README shows are the pages the tests drive.
 *
 * Two users of tenant acme, 王芳 (wang) in Chinese and Alice (alice) in English, each with a
 * memory that was replaced (a timeline of more than one event), a conflict waiting for them, a
 * business fact synced from a CRM, the episodes of their conversation, a session and a task, and
 * one recall whose trace is stored. Everything runs on a fixed clock; record and trace ids are
 * random (the API takes no id), so only they change from one run to the next.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMemory, type Memory, type MemoryScope, startInspector } from "../src/index.js";

/** The repository's root, for scripts run from anywhere. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const WANG: MemoryScope = { tenantId: "acme", userId: "wang" };
export const ALICE: MemoryScope = { tenantId: "acme", userId: "alice" };

/** The demo's clock: a week of March 2026 in Shanghai; `seedDemo` moves it forward. */
export function demoClock(): { now: () => Date; set(iso: string): void } {
  let current = new Date("2026-03-09T09:00:00+08:00");
  return {
    now: () => current,
    set(iso: string) {
      current = new Date(iso);
    },
  };
}

/** What `seedDemo` leaves, for the tests to look for. */
export interface DemoStore {
  /** The conflict each user has waiting, by content. */
  pending: Record<"wang" | "alice", string>;
  /** A memory of each user that was replaced: its id and what replaced it. */
  superseded: Record<"wang" | "alice", { id: string; by: string }>;
  /** The stored trace of each user's recall. */
  traceIds: Record<"wang" | "alice", string>;
}

const user = (content: string) => ({ role: "user" as const, content });

async function rememberAll(memory: Memory, scope: MemoryScope, lines: readonly string[]) {
  return memory.remember({ scope, messages: lines.map(user) });
}

/** One replaced memory: the first statement, then the one that supersedes it. */
async function replaced(memory: Memory, scope: MemoryScope, first: string, then: string) {
  const out = await rememberAll(memory, scope, [first]);
  const old = out.written[0];
  if (!old) throw new Error(`demo store: "${first}" was not kept`);
  const next = await rememberAll(memory, scope, [then]);
  const by = next.written[0];
  if (!next.superseded.some((r) => r.id === old.id) || !by)
    throw new Error(`demo store: "${then}" did not replace "${first}"`);
  return { id: old.id, by: by.id };
}

/** The conflict left waiting: a statement, then one that conflicts with it. */
async function conflict(memory: Memory, scope: MemoryScope, first: string, then: string): Promise<string> {
  await rememberAll(memory, scope, [first]);
  const out = await rememberAll(memory, scope, [then]);
  const waiting = out.pending[0];
  if (!waiting) throw new Error(`demo store: "${then}" raised no conflict with "${first}"`);
  return waiting.content;
}

/** Fill `memory` with the demo's two users. `clock` is the one the memory was created with. */
export async function seedDemo(memory: Memory, clock: ReturnType<typeof demoClock>): Promise<DemoStore> {
  await memory.sessions.open(WANG, "s-monday");
  await memory.sessions.open(ALICE, "monday");
  await rememberAll(memory, WANG, [
    "我不吃香菜，订餐时记得备注。",
    "我们约定：每次发版前都要先跑 make check。",
    "我的手机号是 13812345678。",
    "下周五之前要交季度报告。",
  ]);
  await rememberAll(memory, ALICE, [
    "I don't eat cilantro, remember to note it when ordering takeout.",
    "From now on, please reply in short bullet points.",
    "My project's codename is Bluebird and I need the launch plan by Friday.",
  ]);
  await memory.remember({
    scope: ALICE,
    messages: [{ role: "assistant", content: "Got it. You seem to like dark mode." }],
  });
  await memory.sync(
    WANG,
    [
      {
        key: "contract.acme.status",
        content: "与 Acme 的合同已签署",
        value: "signed",
        reference: "CRM-4711",
        observedAt: "2026-03-09T08:00:00+08:00",
      },
    ],
    { system: "crm" },
  );
  await memory.sync(
    ALICE,
    [
      {
        key: "order.a1027.status",
        content: "Order A-1027 has shipped",
        value: "shipped",
        reference: "ERP-1027",
        observedAt: "2026-03-09T08:30:00+08:00",
      },
    ],
    { system: "erp" },
  );

  clock.set("2026-03-10T10:00:00+08:00");
  const wangReplaced = await replaced(memory, WANG, "我住在上海。", "我搬到杭州了。");
  const aliceReplaced = await replaced(memory, ALICE, "I live in Berlin.", "I moved to Munich.");

  clock.set("2026-03-11T15:00:00+08:00");
  const wangPending = await conflict(memory, WANG, "我喜欢吃芒果。", "我喜欢喝咖啡。");
  const alicePending = await conflict(memory, ALICE, "I like green tea.", "I like black coffee.");

  clock.set("2026-03-12T12:00:00+08:00");
  const wangRecall = await memory.recall({ scope: WANG, query: "给我订一份外卖当午饭" });
  const aliceRecall = await memory.recall({ scope: ALICE, query: "Order takeout for lunch" });
  await memory.settled();
  return {
    pending: { wang: wangPending, alice: alicePending },
    superseded: { wang: wangReplaced, alice: aliceReplaced },
    traceIds: { wang: wangRecall.traceId, alice: aliceRecall.traceId },
  };
}

/** A demo store and an inspector on it. */
export interface DemoInspector {
  seeded: DemoStore;
  /** The facade the inspector reads, on the demo's clock (so the pages' dates do not move). */
  memory: Memory;
  /** The inspector's base URL, without a trailing slash. */
  url: string;
  /** Stops the inspector, then closes the memory. */
  close(): Promise<void>;
}

/** Seed the demo store into `dir` (an empty directory) through the facade and start the inspector on that facade. */
export async function startDemoInspector(options: { dir: string; allowWrite?: boolean }): Promise<DemoInspector> {
  const clock = demoClock();
  // The inspector lists the traces not yet expired by the wall clock: keep the demo's for years.
  const memory = await createMemory({ dir: options.dir, now: clock.now, env: {} });
  try {
    const seeded = await seedDemo(memory, clock);
    const inspector = await startInspector({
      memory,
      now: clock.now,
      port: 0,
      allowWrite: options.allowWrite ?? false,
    });
    let open = true;
    return {
      seeded,
      memory,
      url: inspector.url.replace(/\/$/, ""),
      async close() {
        if (!open) return;
        open = false;
        try {
          await inspector.close();
        } finally {
          await memory.close();
        }
      },
    };
  } catch (error) {
    await memory.close();
    throw error;
  }
}

/**
 * The Chromium to drive: LGM_CHROMIUM (CI sets it from scripts/chromium.sh), else the first
 * `chromium` on the PATH, else undefined. Never installs anything.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.LGM_CHROMIUM) {
    if (!fs.existsSync(env.LGM_CHROMIUM)) throw new Error(`LGM_CHROMIUM=${env.LGM_CHROMIUM}: no such file`);
    return env.LGM_CHROMIUM;
  }
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
    } catch {
      // not on the PATH: try the next name
    }
  }
  return undefined;
}
