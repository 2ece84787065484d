import { describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { admissionScore, admit, capConfidence, parseAdmissionConfig } from "../../src/write/scoring.js";
import { candidate } from "./helpers.js";

const config = parseAdmissionConfig();

describe("admission score (seed 002 §2)", () => {
  it("reproduces the article's four samples in Chinese", () => {
    const cilantro = admissionScore(candidate("用户不吃香菜，点外卖记得备注"), 1, config);
    expect(cilantro).toMatchObject({ novelty: 1, stability: 1, reusability: 0.5, confidence: 1, score: 0.875 });

    const migrations = admissionScore(
      candidate("用户约定：所有数据库迁移必须先跑 make gen", { kind: "procedure" }),
      0.966,
      config,
    );
    expect(migrations).toMatchObject({ stability: 1, reusability: 0.85 });
    expect(migrations.score).toBeCloseTo(0.954, 3);

    // Novelty 0.962 and full confidence, still rejected: stability 0.3 and reusability 0.2.
    const sqlite = admissionScore(candidate("用户这次先用 SQLite，上线再换 PG", { kind: "fact" }), 0.962, config);
    expect(sqlite).toMatchObject({ stability: 0.3, reusability: 0.2, confidence: 1 });
    expect(sqlite.score).toBeCloseTo(0.58, 2);

    const incident = admissionScore(
      candidate("用户上周排查过一个 502，是网关超时导致的", { kind: "episode" }),
      1,
      config,
    );
    expect(incident.score).toBeCloseTo(0.775, 3);
  });

  it("reproduces the same verdicts in English", () => {
    const verdicts = [
      admit(candidate("The user does not eat cilantro; remember to note it when ordering takeout"), 0, config),
      admit(
        candidate("The team convention: all database migrations must run make gen first", { kind: "procedure" }),
        0,
        config,
      ),
      admit(candidate("The user will use SQLite for now and switch to PG at launch", { kind: "fact" }), 0.04, config),
      admit(candidate("Last week the user debugged a 502 caused by a gateway timeout", { kind: "episode" }), 0, config),
    ];
    expect(verdicts.map((v) => ("admitted" in v ? "written" : v.rejected.reason))).toEqual([
      "written",
      "written",
      "transient",
      "written",
    ]);
    const sqlite = verdicts[2]!;
    expect("rejected" in sqlite && sqlite.rejected.score).toBeCloseTo(0.58, 2);
  });

  it("rejects the transient sample with its reason and score, and would admit it at 0.55", () => {
    const transient = candidate("这次先用 SQLite，上线再换 PG", { kind: "fact" });
    const verdict = admit(transient, 0.038, config);
    expect(verdict).toMatchObject({ rejected: { reason: "transient" } });
    expect("rejected" in verdict && verdict.rejected.score).toBeCloseTo(0.58, 2);
    // Seed 002 §9.5 exercise 1: at 0.55 it slips in.
    expect("admitted" in admit(transient, 0.038, parseAdmissionConfig({ threshold: 0.55 }))).toBe(true);
  });

  it("caps confidence by source (seeds 003 §5.6, 004 §2)", () => {
    expect(capConfidence("inferred", 0.9, config)).toBe(0.6);
    expect(capConfidence("agent_generated", 0.95, config)).toBe(0.5);
    expect(capConfidence("explicit", 0.5, config)).toBe(0.9);
    expect(capConfidence("explicit", 0.95, config)).toBe(0.95);
    expect(capConfidence("system_sync", 0.2, config)).toBe(1);
  });

  it("keeps inferred preferences and agent-generated memories pending", () => {
    const inferred = admit(candidate("用户似乎偏好顺丰快递", { sourceType: "inferred", confidence: 0.9 }), 0, config);
    expect(inferred).toMatchObject({ admitted: { status: "pending", confidence: 0.6 } });
    const agent = admit(
      candidate("The user prefers titanium cups", { sourceType: "agent_generated", confidence: 0.9 }),
      0,
      config,
    );
    expect(agent).toMatchObject({ admitted: { status: "pending", confidence: 0.5 } });
    const inferredFact = admit(
      candidate("用户在上海工作", { kind: "fact", sourceType: "inferred", confidence: 0.7 }),
      0,
      config,
    );
    expect(inferredFact).toMatchObject({ admitted: { status: "active", confidence: 0.6 } });
  });

  it("takes business facts only from system_sync", () => {
    const chat = admit(candidate("客户已签约", { kind: "business_fact" }), 0, config);
    expect(chat).toMatchObject({ rejected: { reason: "business_fact_requires_system_sync", score: 0 } });
    const synced = admit(
      candidate("客户合同状态：已签约", { kind: "business_fact", sourceType: "system_sync", confidence: 0.3 }),
      0,
      config,
    );
    expect(synced).toMatchObject({ admitted: { status: "active", confidence: 1 } });
    const wrongKind = admit(candidate("用户喜欢简洁", { sourceType: "system_sync" }), 0, config);
    expect(wrongKind).toMatchObject({ rejected: { reason: "system_sync_requires_business_fact" } });
  });

  it("does not write personality or mood below 0.85 (seed 003 §5.1)", () => {
    const joke = admit(candidate("用户说自己这个人就是比较难搞", { kind: "fact", confidence: 0.7 }), 0, config);
    expect(joke).toMatchObject({ rejected: { reason: "personal_low_confidence" } });
    expect("rejected" in joke && joke.rejected.score).toBeGreaterThan(0);
    const flagged = admit(
      candidate("The user likes jazz", { confidence: 0.8, signals: { personal: true } }),
      0,
      config,
    );
    expect(flagged).toMatchObject({ rejected: { reason: "personal_low_confidence" } });
    const sure = admit(candidate("The user likes jazz", { confidence: 0.9, signals: { personal: true } }), 0, config);
    expect("admitted" in sure).toBe(true);
    // A trait only the hints noticed: extraction's 0.9 was for ordinary speech, not for the judgement.
    const passing = admit(
      candidate("The user is kind of a difficult person", { kind: "fact", confidence: 0.9 }),
      0,
      config,
    );
    expect(passing).toMatchObject({
      rejected: { reason: "personal_low_confidence", message: expect.stringContaining("in passing") },
    });
    const asked = admit(candidate("用户性格内向", { kind: "fact", signals: { explicitMarker: true } }), 0, config);
    expect("admitted" in asked).toBe(true);
  });

  it("passes a near-duplicate on as a restatement instead of rejecting it for low novelty", () => {
    const verdict = admit(candidate("用户不用微信沟通", { confidence: 0.9 }), 1, config);
    expect(verdict).toMatchObject({ admitted: { restatement: true, deferredRejection: { reason: "not_novel" } } });
    expect("admitted" in verdict && verdict.admitted.scores.novelty).toBe(0);
  });

  it("defers the rejection of a one-off permission so a standing preference can claim it", () => {
    const verdict = admit(candidate("用户这次发微信也行"), 0.3, config);
    expect(verdict).toMatchObject({ admitted: { oneOffException: true, deferredRejection: { reason: "transient" } } });
  });

  it("validates its configuration", () => {
    expect(parseAdmissionConfig({ weights: { novelty: 0.4 } }).weights).toEqual({
      novelty: 0.4,
      stability: 0.3,
      reusability: 0.25,
      confidence: 0.2,
    });
    expect(() => parseAdmissionConfig({ threshold: 1.5 })).toThrow(InvalidConfigError);
    expect(() => parseAdmissionConfig({ weights: { stability: -1 } })).toThrow(/weights\.stability/);
    expect(() => parseAdmissionConfig({ treshold: 0.5 })).toThrow(InvalidConfigError);
  });
});
