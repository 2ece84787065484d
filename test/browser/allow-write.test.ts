/**
 * The inspector started with --allow-write, in headless Chromium: a conflict approved from the
 * pending inbox changes the memory the table and the timeline show, a memory deleted from its
 * page is gone, and a POST without the page's CSRF field is still refused.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Demo, describeInBrowser, openDemo, scopeQuery, useBrowser, WANG } from "./harness.js";

/** The rows of the table as [data-id, text]. */
async function rows(page: Page): Promise<Array<[string, string]>> {
  return page
    .locator('tr[data-testid="memory-row"]')
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute("data-id") ?? "", tr.textContent ?? ""]));
}

describeInBrowser("the inspector with --allow-write in Chromium", () => {
  const browser = useBrowser();
  let demo: Demo;
  beforeAll(async () => {
    demo = await openDemo({ allowWrite: true });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it("approves a conflict from the inbox: the new memory replaces the old in the table and the timeline", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}&status=pending`);
    const [pending] = (await rows(page)).filter(([, text]) => text.includes(demo.seeded.pending.wang));
    expect(pending, "the waiting conflict in the table").toBeDefined();
    const [pendingId] = pending!;

    await page.goto(`${demo.url}/pending?${scopeQuery(WANG)}`);
    const item = page.locator(`article[data-testid="pending-item"][data-id="${pendingId}"]`);
    const form = item.locator('form[data-testid="resolve-form"]');
    await Promise.all([
      page.waitForURL(/\/pending\?/),
      form.locator('button[name="choice"][value="supersede"]').click(),
    ]);
    await expect(page.locator('[data-testid="notice"]').isVisible()).resolves.toBe(true);
    expect(await page.locator(`article[data-testid="pending-item"][data-id="${pendingId}"]`).count()).toBe(0);

    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}&status=active`);
    const active = await rows(page);
    expect(active.map(([id]) => id)).toContain(pendingId);
    expect(
      active.some(([, text]) => text.includes("芒果")),
      "the replaced memory is no longer active",
    ).toBe(false);

    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}&status=superseded`);
    const [mango] = (await rows(page)).filter(([, text]) => text.includes("芒果"));
    expect(mango, "the replaced memory, superseded").toBeDefined();
    await page.goto(`${demo.url}/memory?${scopeQuery(WANG)}&id=${mango![0]}`);
    const events = await page
      .locator('ol[data-testid="timeline"] > li[data-event]')
      .evaluateAll((items) => items.map((li) => li.getAttribute("data-event")));
    expect(events).toEqual(expect.arrayContaining(["written", "superseded"]));
  });

  it("deletes a memory from its page: gone from the table, its timeline ending in deleted", async () => {
    const page = await (await browser.context()).newPage();
    const { by: id } = demo.seeded.superseded.wang;
    await page.goto(`${demo.url}/memory?${scopeQuery(WANG)}&id=${id}`);
    const form = page.locator('form[data-testid="delete-memory"]');
    page.on("dialog", (dialog) => void dialog.accept());
    await Promise.all([page.waitForNavigation(), form.locator('button, input[type="submit"]').first().click()]);
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}`);
    expect((await rows(page)).map(([rowId]) => rowId)).not.toContain(id);
    await page.goto(`${demo.url}/memory?${scopeQuery(WANG)}&id=${id}`);
    const events = await page
      .locator('ol[data-testid="timeline"] > li[data-event]')
      .evaluateAll((items) => items.map((li) => li.getAttribute("data-event")));
    expect(events.at(-1)).toBe("deleted");
    expect(await page.locator('form[data-testid="delete-memory"]').count(), "a delete form for a deleted memory").toBe(
      0,
    );
  });

  it("refuses a POST without the page's CSRF field, and exports a scope as an attachment", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}`);
    const [first] = await rows(page);
    const refused = await page.request.post(`${demo.url}/delete`, {
      form: { tenant: "acme", user: "wang", id: first![0] },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    await page.reload();
    expect((await rows(page)).map(([id]) => id)).toContain(first![0]);

    const exported = await page.request.get(`${demo.url}/export?${scopeQuery(WANG)}`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-disposition"]).toMatch(/^attachment/);
  });
});
