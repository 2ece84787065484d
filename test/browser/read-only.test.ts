/**
 * The inspector as a user sees it in headless Chromium, on a read-only server (the default):
 * pick a scope, filter the memory table, open a memory's timeline, try a recall and open a stored
 * trace, read the pending inbox, in English and in Chinese; and every write refused with 403,
 * with the store unchanged afterwards.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { ALICE, type Demo, describeInBrowser, openDemo, scopeQuery, storeState, useBrowser, WANG } from "./harness.js";

describeInBrowser("the read-only inspector in Chromium", () => {
  const browser = useBrowser();
  let demo: Demo;
  beforeAll(async () => {
    demo = await openDemo();
  });
  afterAll(async () => {
    await demo?.close();
  });

  const rowTexts = async (page: import("playwright-core").Page) =>
    page.locator('tr[data-testid="memory-row"]').allTextContents();

  it("lists the scopes on / and opens a scope's memory table from its link", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/`);
    await expect(page.locator('[data-testid="read-only"]').isVisible()).resolves.toBe(true);
    const hrefs = await page
      .locator('a[data-testid="scope-link"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const targets = hrefs.map((href) => {
      const target = new URL(href, demo.url);
      return `${target.pathname} ${target.searchParams.get("tenant")}/${target.searchParams.get("user")}`;
    });
    expect(targets).toEqual(expect.arrayContaining(["/memories acme/wang", "/memories acme/alice"]));
    await page.locator(`a[data-testid="scope-link"][href*="user=wang"]`).click();
    await page.waitForURL(/\/memories\?/);
    await expect(page.locator('table[data-testid="memory-table"]').isVisible()).resolves.toBe(true);
    const rows = await rowTexts(page);
    expect(rows.some((text) => text.includes("用户不吃香菜"))).toBe(true);
    expect(
      rows.some((text) => text.includes("Bluebird")),
      "another user's memory",
    ).toBe(false);
    await expect(page.locator('nav[data-testid="nav"]').isVisible()).resolves.toBe(true);
  });

  it("filters the table by status, kind, source and a search, through the filter form", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}`);
    const form = page.locator('form[data-testid="memory-filters"]');
    const submit = async () => {
      await Promise.all([page.waitForNavigation(), form.locator('button, input[type="submit"]').first().click()]);
    };

    await form.locator("select[name=status]").selectOption("superseded");
    await submit();
    expect(new URL(page.url()).searchParams.get("status")).toBe("superseded");
    const superseded = await page
      .locator('tr[data-testid="memory-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));
    expect(superseded).toContain(demo.seeded.superseded.wang.id);
    expect(superseded).not.toContain(demo.seeded.superseded.wang.by);

    await form.locator("select[name=status]").selectOption("");
    await form.locator("select[name=kind]").selectOption("business_fact");
    await submit();
    expect(await rowTexts(page)).toEqual([expect.stringContaining("与 Acme 的合同已签署")]);

    await form.locator("select[name=kind]").selectOption("");
    await form.locator("select[name=source]").selectOption("system_sync");
    await submit();
    expect(await rowTexts(page)).toEqual([expect.stringContaining("与 Acme 的合同已签署")]);

    await form.locator("select[name=source]").selectOption("");
    await form.locator("input[name=q]").fill("香菜");
    await submit();
    const found = await rowTexts(page);
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text).toContain("香菜");
  });

  it("opens a replaced memory's timeline from its row: written, then superseded", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/memories?${scopeQuery(ALICE)}&status=superseded`);
    const { id } = demo.seeded.superseded.alice;
    await page.locator(`tr[data-testid="memory-row"][data-id="${id}"] a`).first().click();
    await page.waitForURL(/\/memory\?/);
    expect(new URL(page.url()).searchParams.get("id")).toBe(id);
    const events = await page
      .locator('ol[data-testid="timeline"] > li[data-event]')
      .evaluateAll((items) => items.map((li) => li.getAttribute("data-event")));
    expect(events).toEqual(expect.arrayContaining(["written", "superseded"]));
    expect(await page.locator('form[data-testid="delete-memory"]').count(), "a write form on a read-only server").toBe(
      0,
    );
  });

  it("tries a recall from the form: the trace with its candidates and injection block, nothing stored", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/recall?${scopeQuery(ALICE)}`);
    const form = page.locator('form[data-testid="recall-form"]');
    await form.locator("input[name=q]").fill("Order takeout for lunch");
    await Promise.all([page.waitForNavigation(), form.locator("input[name=q]").press("Enter")]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("Order takeout for lunch");
    const injected = page.locator(
      'table[data-testid="trace-candidates"] tr[data-testid="candidate"][data-injected="true"]',
    );
    expect(await injected.count()).toBeGreaterThan(0);
    expect(await injected.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("cilantro")]));
    expect(await page.locator('pre[data-testid="injection-block"]').textContent()).toContain("cilantro");
    await page.goto(`${demo.url}/traces?${scopeQuery(ALICE)}`);
    const traces = await page
      .locator('a[data-testid="trace-link"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(traces, "the seeded recall's trace only").toEqual([expect.stringContaining(demo.seeded.traceIds.alice)]);
  });

  it("opens a stored trace from the trace list: per-signal bars, injected rows, the block's place", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/traces?${scopeQuery(WANG)}`);
    const link = page.locator(`a[data-testid="trace-link"][href*="${demo.seeded.traceIds.wang}"]`);
    await Promise.all([page.waitForNavigation(), link.click()]);
    expect(new URL(page.url()).searchParams.get("id")).toBe(demo.seeded.traceIds.wang);
    const candidates = page.locator('table[data-testid="trace-candidates"] tr[data-testid="candidate"]');
    expect(await candidates.count()).toBeGreaterThan(0);
    const injected = candidates.and(page.locator('[data-injected="true"]'));
    expect(await injected.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("香菜")]));
    const bars = injected.first().locator("meter");
    expect(await bars.count(), "per-signal bars of an injected candidate").toBeGreaterThan(1);
    for (const bar of await bars.all()) expect((await bar.boundingBox())?.height ?? 0).toBeGreaterThan(0);
    // A stored trace keeps what was injected, not the block's text: the block's place says so.
    expect(await page.locator('pre[data-testid="injection-block"]').isVisible()).toBe(true);
  });

  it("shows the pending inbox without the resolve form", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/pending?${scopeQuery(WANG)}`);
    const items = page.locator('article[data-testid="pending-item"]');
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(demo.seeded.pending.wang)]),
    );
    expect(await page.locator('form[data-testid="resolve-form"]').count()).toBe(0);
  });

  it("shows the episodes by day and the sessions with their tasks", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(`${demo.url}/episodes?${scopeQuery(WANG)}`);
    const episodes = page.locator('section[data-testid="episodes"]');
    expect(await episodes.textContent()).toContain("2026-03-09");
    await page.goto(`${demo.url}/sessions?${scopeQuery(WANG)}`);
    expect(await page.locator('section[data-testid="sessions"]').textContent()).toContain("s-monday");
    await expect(page.locator('section[data-testid="tasks"]').isVisible()).resolves.toBe(true);
  });

  it("labels the pages in Chinese for a zh-CN browser, and in English with ?lang=en", async () => {
    const page = await (await browser.context("zh-CN")).newPage();
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}`);
    const han = /\p{Script=Han}/u;
    expect(await page.locator('nav[data-testid="nav"]').textContent()).toMatch(han);
    expect(await page.locator('[data-testid="read-only"]').textContent()).toMatch(han);
    expect(await page.locator('table[data-testid="memory-table"] th').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(han)]),
    );
    await page.goto(`${demo.url}/memories?${scopeQuery(WANG)}&lang=en`);
    expect(await page.locator('nav[data-testid="nav"]').textContent()).not.toMatch(han);
  });

  it("has no write form anywhere and answers 403 to every write; the store is unchanged", async () => {
    const page = await (await browser.context()).newPage();
    const forms = [
      'form[data-testid="resolve-form"]',
      'form[data-testid="delete-memory"]',
      'form[data-testid="forget-form"]',
    ];
    const pages = [
      `/pending?${scopeQuery(WANG)}`,
      `/memory?${scopeQuery(WANG)}&id=${demo.seeded.superseded.wang.by}`,
      `/forget?${scopeQuery(WANG)}`,
      `/memories?${scopeQuery(WANG)}`,
    ];
    for (const path of pages) {
      await page.goto(`${demo.url}${path}`);
      for (const form of forms) expect(await page.locator(form).count(), `${form} on ${path}`).toBe(0);
      expect(await page.locator("form[method=post], form[method=POST]").count(), `a POST form on ${path}`).toBe(0);
    }

    await page.goto(`${demo.url}/pending?${scopeQuery(WANG)}`);
    const pendingItem = await page.locator('article[data-testid="pending-item"]').first().getAttribute("data-id");
    expect(pendingItem).toBeTruthy();
    const scope = { tenant: "acme", user: "wang" };
    const writes: Array<[string, Record<string, string>]> = [
      ["/resolve", { ...scope, id: pendingItem ?? "", choice: "supersede" }],
      ["/delete", { ...scope, id: demo.seeded.superseded.wang.by }],
      ["/forget", { ...scope, confirm: "wang" }],
      ["/import", scope],
      ["/", {}],
    ];
    for (const [path, form] of writes) {
      const response = await page.request.post(`${demo.url}${path}`, { form, maxRedirects: 0 });
      expect(response.status(), `POST ${path}`).toBe(403);
    }
    // A form added to the page and submitted from it, as a browser sends one (the pages' CSP
    // forbids fetch from them).
    const fields = { ...scope, id: demo.seeded.superseded.wang.by };
    const inputs = Object.entries(fields).map(
      ([name, value]) => `<input type="hidden" name="${name}" value="${value}">`,
    );
    const form = `<form data-testid="added" method="post" action="/delete">${inputs.join("")}<button>x</button></form>`;
    await page.locator("main").evaluate((main, html) => main.insertAdjacentHTML("beforeend", html), form);
    const submitted = page.waitForResponse((response) => response.url().endsWith("/delete"));
    await page.locator('form[data-testid="added"] button').click();
    expect((await submitted).status(), "a form POSTed from the page").toBe(403);
    expect((await page.request.get(`${demo.url}/export?${scopeQuery(WANG)}`)).status(), "GET /export").toBe(403);
    expect(await storeState(demo.memory)).toBe(demo.before);
  });
});
