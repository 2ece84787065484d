/**
 * The one-declaration pipeline helper: the compiled graph and the direct runner come from the same
 * steps, apply the same reducers, join side-by-side steps, hand each node only what it declares it
 * reads, and refuse an update it does not declare.
 */
import { Annotation } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidConfigError } from "../../src/errors.js";
import { lastValue, Pipeline, stepOf } from "../../src/graph/pipeline.js";

const State = Annotation.Root({
  words: lastValue<string[]>(() => []),
  /** Appends: both paths must apply this reducer, not overwrite. */
  log: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
  upper: lastValue<string>(() => ""),
  count: lastValue<number>(() => 0),
  seen: lastValue<string[]>(() => []),
  result: lastValue<string>(() => ""),
});
type S = typeof State.State;
const Input = Annotation.Root({ words: State.spec.words });
const Output = Annotation.Root({ result: State.spec.result, log: State.spec.log });
const step = stepOf<S>();

function pipeline(extra: { badWrite?: boolean } = {}) {
  return new Pipeline({
    name: "test_pipeline",
    state: State,
    input: Input,
    output: Output,
    stages: [
      step({
        name: "inspect",
        reads: ["words"],
        writes: ["seen", "log"],
        // Records which keys it was handed: only its declared reads.
        node: (state) => ({ seen: Object.keys(state).sort(), log: ["inspect"] }),
      }),
      [
        step({
          name: "shout",
          reads: ["words"],
          writes: ["upper", "log"],
          node: async (state) => ({ upper: state.words.join(" ").toUpperCase(), log: ["shout"] }),
        }),
        step({
          name: "tally",
          reads: ["words"],
          writes: ["count", "log"],
          node: (state) =>
            extra.badWrite
              ? ({ count: state.words.length, result: "sneaky" } as { count: number })
              : { count: state.words.length, log: ["count"] },
        }),
      ],
      step({
        name: "join",
        reads: ["upper", "count"],
        writes: ["result"],
        node: (state) => ({ result: `${state.upper} (${state.count})` }),
      }),
    ],
  });
}

describe("Pipeline", () => {
  it("gives the same output through the compiled graph and the direct runner", async () => {
    const viaGraph = await pipeline()
      .compile()
      .invoke({ words: ["a", "b", "c"] });
    const viaRunner = await pipeline().runner<{ words: string[] }>()({ words: ["a", "b", "c"] });
    expect(viaGraph).toEqual({ result: "A B C (3)", log: expect.any(Array) });
    expect(viaRunner.result).toBe("A B C (3)");
    // The appending reducer ran in both: every step's log entry is there, side-by-side ones in any order.
    for (const log of [viaGraph.log, viaRunner.log as string[]]) {
      expect(log[0]).toBe("inspect");
      expect([...log].sort()).toEqual(["count", "inspect", "shout"]);
    }
  });

  it("hands a node only the keys it declares it reads, in both paths", async () => {
    const seen: string[][] = [];
    const probe = new Pipeline({
      name: "probe",
      state: State,
      input: Input,
      output: Output,
      stages: [
        step({
          name: "probe",
          reads: ["words", "count"],
          writes: [],
          node: (state) => {
            seen.push(Object.keys(state).sort());
            return {};
          },
        }),
      ],
    });
    await probe.runner()({ words: ["x"] });
    await probe.compile().invoke({ words: ["x"] });
    expect(seen).toEqual([
      ["count", "words"],
      ["count", "words"],
    ]);
  });

  it("refuses an update to a key the step does not declare, in both paths", async () => {
    await expect(
      pipeline({ badWrite: true })
        .compile()
        .invoke({ words: ["a"] }),
    ).rejects.toThrow(/Step 'tally' of test_pipeline returned 'result'/);
    await expect(pipeline({ badWrite: true }).runner()({ words: ["a"] })).rejects.toThrow(InvalidConfigError);
  });

  it("reports each stage's time, side-by-side steps as one", async () => {
    const stages: string[] = [];
    await pipeline().runner({ onStep: (name, ms) => (expect(ms).toBeGreaterThanOrEqual(0), stages.push(name)) })({
      words: ["a"],
    });
    expect(stages).toEqual(["inspect", "shout+tally", "join"]);
    expect(pipeline().stepNames).toEqual([["inspect"], ["shout", "tally"], ["join"]]);
  });

  it("parses a zod input before any step, and fails with the schema's own error", async () => {
    const ZodInput = z.object({
      words: z.unknown().transform((value) => {
        if (!Array.isArray(value)) throw new InvalidConfigError("words must be an array");
        return value.map(String);
      }),
    });
    const make = () =>
      new Pipeline({
        name: "zod_input",
        state: State,
        input: ZodInput,
        output: Output,
        stages: pipeline()["stages"].flat(),
      });
    expect((await make().runner()({ words: [1, 2] })).result).toBe("1 2 (2)");
    expect(
      (
        await make()
          .compile()
          .invoke({ words: [1, 2] })
      ).result,
    ).toBe("1 2 (2)");
    await expect(make().runner()({ words: "nope" })).rejects.toThrow("words must be an array");
  });

  it("refuses a step declared twice, an empty stage, or a step named like a state key", () => {
    const once = step({ name: "join", reads: [], writes: ["result"], node: () => ({ result: "" }) });
    expect(
      () => new Pipeline({ name: "twice", state: State, input: Input, output: Output, stages: [once, once] }),
    ).toThrow(/declares step 'join' twice/);
    expect(() => new Pipeline({ name: "empty", state: State, input: Input, output: Output, stages: [[]] })).toThrow(
      /empty stage/,
    );
    const clash = step({ name: "result", reads: [], writes: [], node: () => ({}) });
    expect(() => new Pipeline({ name: "clash", state: State, input: Input, output: Output, stages: [clash] })).toThrow(
      /step 'result' has the name of a state key/,
    );
  });
});
