import { describe, expect, it } from "vitest";
import { InvalidRecordError } from "../src/errors.js";
import { type MemoryRecord, MemoryRecordSchema, parseMemoryRecord } from "../src/schema.js";

const valid: MemoryRecord = {
  id: "mem-1",
  kind: "preference",
  key: "food.dislike",
  content: "用户不吃香菜",
  value: "香菜",
  confidence: 0.9,
  importance: 0.7,
  source: { type: "explicit", messageIds: ["m1"], sessionId: "s1" },
  scope: { userId: "u1", tenantId: "acme" },
  sensitivity: "low",
  status: "active",
  observedAt: "2026-03-01T08:00:00.000Z",
  createdAt: "2026-03-01T08:00:01.000Z",
  updatedAt: "2026-03-01T08:00:01.000Z",
  lastAccessedAt: "2026-03-01T08:00:01.000Z",
  accessCount: 0,
  retrievalHints: ["cilantro", "coriander"],
};

function expectFieldError(input: unknown, field: string) {
  let caught: unknown;
  try {
    parseMemoryRecord(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidRecordError);
  expect((caught as InvalidRecordError).field).toBe(field);
  expect((caught as InvalidRecordError).message).toContain(`'${field}'`);
}

describe("memory record schema", () => {
  it("accepts a complete record and round-trips it through JSON", () => {
    expect(parseMemoryRecord(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
    expect(MemoryRecordSchema.safeParse(valid).success).toBe(true);
  });

  it("names the offending field", () => {
    expectFieldError({ ...valid, kind: "opinion" }, "kind");
    expectFieldError({ ...valid, key: "Food Dislike" }, "key");
    expectFieldError({ ...valid, confidence: 1.2 }, "confidence");
    expectFieldError({ ...valid, importance: -0.1 }, "importance");
    expectFieldError({ ...valid, source: { ...valid.source, type: "rumour" } }, "source.type");
    expectFieldError({ ...valid, source: { type: "explicit" } }, "source.messageIds");
    expectFieldError({ ...valid, scope: { tenantId: "acme" } }, "scope.userId");
    expectFieldError({ ...valid, scope: { userId: "a:b" } }, "scope.userId");
    expectFieldError({ ...valid, observedAt: "yesterday" }, "observedAt");
    expectFieldError({ ...valid, content: "   " }, "content");
    expectFieldError({ ...valid, accessCount: 1.5 }, "accessCount");
    expectFieldError({ ...valid, sensitivity: "secret" }, "sensitivity");
  });

  it("ties supersededBy to the superseded status", () => {
    expectFieldError({ ...valid, status: "superseded" }, "supersededBy");
    expectFieldError({ ...valid, supersededBy: "mem-2" }, "supersededBy");
    expect(parseMemoryRecord({ ...valid, status: "superseded", supersededBy: "mem-2" }).supersededBy).toBe("mem-2");
  });
});
