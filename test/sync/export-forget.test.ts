/** Synced business facts under export / import (seed 004 §4: 可导出) and forget-me (可被遗忘), on a real store directory. */
import { describe, expect, it } from "vitest";
import { MemoryExportSchema } from "../../src/export/document.js";
import { filesContaining, openedPerTest, said } from "../forget/helpers.js";
import * as fixtures from "./helpers.js";

const open = openedPerTest();
const { WANG } = fixtures;
// Observed before the forget suite's clock (2026-03-10).
const CONTRACT_NEGOTIATING = { ...fixtures.CONTRACT_NEGOTIATING, observedAt: "2026-03-01T09:00:00.000Z" };
const ORDER_SHIPPED = { ...fixtures.ORDER_SHIPPED, observedAt: "2026-03-02T09:00:00.000Z" };
const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
const SIGNED = {
  ...CONTRACT_NEGOTIATING,
  content: "王总的合同状态：已签署",
  value: "signed",
  observedAt: ORDER_SHIPPED.observedAt,
};

describe("business facts in export / import and forget", () => {
  it("export carries them unchanged with their history; import brings them back, versions and key index included", async () => {
    const { memory } = await open();
    await memory.sync(WANG, [CONTRACT_NEGOTIATING, ORDER_SHIPPED], { system: "crm" });
    await memory.sync(WANG, [SIGNED], { system: "crm" });
    await memory.sync(WANG, [{ key: ORDER_SHIPPED.key, retire: true, observedAt: SIGNED.observedAt }], {
      system: "crm",
    });
    await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    const business = await memory.list(WANG, { kind: "business_fact" });
    expect(business.map((r) => r.status).sort()).toEqual(["active", "archived", "superseded"]);
    const histories = new Map(
      await Promise.all(business.map(async (r) => [r.id, await memory.history(WANG, r.id)] as const)),
    );

    const doc = MemoryExportSchema.parse(JSON.parse(JSON.stringify(await memory.export(WANG))));
    expect(byId(doc.records.filter((r) => r.kind === "business_fact"))).toEqual(byId(business));
    expect(doc.history.filter((e) => e.sync?.system === "crm").length).toBeGreaterThanOrEqual(5);

    await memory.forget(WANG);
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    await memory.import(WANG, doc);
    expect(byId(await memory.list(WANG, { kind: "business_fact" }))).toEqual(byId(business));
    for (const r of business) expect(await memory.history(WANG, r.id)).toEqual(histories.get(r.id));

    const recalled = await memory.recall({ scope: WANG, query: "写周报：王总的合同", task: "weekly_report" });
    expect(recalled.context).toContain("已签署");
    // The key index came back with them: the next value of the key supersedes the imported one.
    const active = business.find((r) => r.status === "active")!;
    const next = await memory.sync(
      WANG,
      [{ ...SIGNED, content: "王总的合同已续约", value: "renewed", observedAt: "2026-03-09T09:00:00.000Z" }],
      {
        system: "crm",
      },
    );
    expect(next.changes[0]).toMatchObject({ action: "updated", supersededIds: [active.id] });
  });

  it("forget-me removes them with the rest, bytes included; forget by source removes only them", async () => {
    const { memory, dir } = await open();
    await memory.sync(WANG, [ORDER_SHIPPED], { system: "erp" });
    await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });

    const bySource = await memory.forget(WANG, { source: "system_sync" });
    expect(bySource.records).toBe(1);
    expect((await memory.list(WANG)).map((r) => r.key)).toEqual(["food.cilantro"]);

    await memory.sync(WANG, [CONTRACT_NEGOTIATING], { system: "crm" });
    const all = await memory.forget(WANG);
    expect(all.records).toBe(2);
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    await memory.close();
    expect(filesContaining(dir, "尚未签署")).toEqual([]);
    expect(filesContaining(dir, "A1029")).toEqual([]);
  });
});
