/**
 * The browser suites' harness: the demo store (scripts/inspect-demo.ts) seeded through the real
 * facade into a temp directory, the inspector started on it in-process, and headless Chromium
 * driven by playwright-core with the system's binary (LGM_CHROMIUM, which CI sets from
 * scripts/chromium.sh, else `chromium` on the PATH).
 */
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { ALICE, type DemoInspector, findChromium, startDemoInspector, WANG } from "../../scripts/inspect-demo.js";
import type { Memory, MemoryScope } from "../../src/index.js";
import { tempDir } from "../helpers/store.js";

/** The Chromium binary, or undefined when LGM_CHROMIUM is unset and none is on the PATH. */
export const CHROMIUM = findChromium();

const NO_CHROMIUM =
  "skipped: no Chromium (LGM_CHROMIUM is unset and no `chromium` on the PATH); scripts/chromium.sh installs one";

/**
 * `describe` when Chromium is there; otherwise the suite is skipped with a line saying why, or
 * fails under CI (which installs Chromium, .ci/run), as the PostgreSQL suites do.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (CHROMIUM) {
    describe(name, body);
    return;
  }
  if (process.env.CI) throw new Error(`CI is set but there is no Chromium: ${NO_CHROMIUM.replace("skipped: ", "")}`);
  console.warn(`${name}: ${NO_CHROMIUM}`);
  describe.skip(`${name} (${NO_CHROMIUM})`, body);
}

export { ALICE, WANG };

/** What the store holds, as the read-only suite compares it before and after. */
export async function storeState(memory: Memory): Promise<string> {
  const state = [];
  for (const scope of [WANG, ALICE]) {
    const records = await memory.list(scope, { about: "any" });
    const pending = await memory.pending(scope);
    state.push({
      scope,
      records: records.map((r) => [r.id, r.status, r.content, r.updatedAt]).sort(),
      pending: pending.map((p) => p.id).sort(),
    });
  }
  return JSON.stringify(state);
}

/** A seeded demo store with an inspector on it. */
export interface Demo extends DemoInspector {
  /** What the store held when seeded (see storeState). */
  before: string;
}

/** Seed the demo store in a fresh temp directory and start an inspector on it. */
export async function openDemo(options: { allowWrite?: boolean } = {}): Promise<Demo> {
  const demo = await startDemoInspector({ dir: tempDir("lgm-browser-"), ...options });
  return { ...demo, before: await storeState(demo.memory) };
}

/** The page's path and query for a scope: `tenant=acme&user=wang`. */
export function scopeQuery(scope: MemoryScope): string {
  return new URLSearchParams({ tenant: scope.tenantId ?? "_default", user: scope.userId }).toString();
}

/**
 * One Chromium for a suite (launched in beforeAll, closed in afterAll) and a fresh context per
 * call of `context()`, English unless a locale is given.
 */
export function useBrowser(): { context(locale?: string): Promise<BrowserContext> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  });
  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await browser?.close();
  });
  return {
    async context(locale = "en-US") {
      const context = await browser!.newContext({ locale, viewport: { width: 1200, height: 800 } });
      contexts.push(context);
      return context;
    },
  };
}
