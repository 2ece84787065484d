/**
 * `npm run inspect:shots`: screenshots of the inspector's views for the READMEs, taken from the
 * current code. Seeds the demo store (scripts/inspect-demo.ts) in a temp directory, starts the
 * inspector with --allow-write (so the inbox shows its answer buttons), and writes
 * docs/img/inspector-{memories,timeline,trace,pending}.png in English and
 * docs/img/inspector-*.zh-CN.png in Chinese, at 1200×800 CSS pixels and a device scale of 1.
 *
 * Chromium: LGM_CHROMIUM, else `chromium` on the PATH (scripts/chromium.sh installs it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { ALICE, findChromium, REPO_ROOT, startDemoInspector, WANG } from "./inspect-demo.js";

const OUT = path.join(REPO_ROOT, "docs", "img");
const VIEWPORT = { width: 1200, height: 800 };
/** A README image should stay small; a shot over this says the view has grown, not the file. */
const MAX_BYTES = 200 * 1024;

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium: set LGM_CHROMIUM or run scripts/chromium.sh");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-inspect-shots-"));
const demo = await startDemoInspector({ dir, allowWrite: true });
const browser = await chromium.launch({ executablePath, headless: true });
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const [locale, suffix, scope, traceId] of [
    ["en-US", "", ALICE, demo.seeded.traceIds.alice],
    ["zh-CN", ".zh-CN", WANG, demo.seeded.traceIds.wang],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const query = new URLSearchParams({ tenant: scope.tenantId!, user: scope.userId }).toString();
    const replaced = scope === ALICE ? demo.seeded.superseded.alice : demo.seeded.superseded.wang;
    const views: Array<[string, string]> = [
      ["memories", `/memories?${query}`],
      ["timeline", `/memory?${query}&id=${encodeURIComponent(replaced.id)}`],
      ["trace", `/trace?${query}&id=${encodeURIComponent(traceId)}`],
      ["pending", `/pending?${query}`],
    ];
    for (const [name, url] of views)
      await shoot(page, `${demo.url}${url}`, path.join(OUT, `inspector-${name}${suffix}.png`));
    await context.close();
  }
} finally {
  await browser.close();
  await demo.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function shoot(page: Page, url: string, file: string) {
  const response = await page.goto(url);
  if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`);
  await page.screenshot({ path: file, animations: "disabled" });
  const bytes = fs.statSync(file).size;
  console.log(`${path.relative(REPO_ROOT, file)}  ${(bytes / 1024).toFixed(0)} KiB  ← ${new URL(url).pathname}`);
  if (bytes > MAX_BYTES) throw new Error(`${file}: ${bytes} bytes, over ${MAX_BYTES}`);
}
