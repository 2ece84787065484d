/** Shared fixtures of the sync suites: a facade on the suites' store (test/helpers/suite-store.ts), and facts as a system sends them. */

import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { afterEach } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import type { SyncFactInput } from "../../src/sync/input.js";
import { suiteStore } from "../helpers/suite-store.js";

export const NOW = new Date("2026-03-15T12:00:00.000Z");
export const WANG = { userId: "wang", tenantId: "acme" };

export function memoryStore(): BaseStore {
  return suiteStore();
}

/** `open()` for a test file: a memory on a fresh store, closed after each test. */
export function openedPerTest(): (options?: Parameters<typeof createMemory>[0]) => Promise<Memory> {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  return async (options = {}) => {
    const memory = await createMemory({ store: memoryStore(), now: () => NOW, env: {}, ...options });
    opened.push(memory);
    return memory;
  };
}

/** A time `days` days before NOW. */
export function daysAgo(days: number): string {
  return new Date(NOW.getTime() - days * 86_400_000).toISOString();
}

/** The contract of seed 004's accident, as the CRM holds it: not signed yet. */
export const CONTRACT_NEGOTIATING: SyncFactInput = {
  key: "contract.wang_zong.status",
  content: "王总的合同状态：谈判中，尚未签署",
  value: "negotiating",
  reference: "CRM-4711",
  observedAt: daysAgo(3),
};

export const ORDER_SHIPPED: SyncFactInput = {
  key: "order.a1029.status",
  content: "王总的订单 A1029 状态：已发货（顺丰 SF123）",
  value: "shipped",
  reference: "ERP-A1029",
  observedAt: daysAgo(2),
};

export const user = (content: string) => ({ role: "user", content, at: NOW.toISOString() });
