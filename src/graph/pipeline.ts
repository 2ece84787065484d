/**
 * One declaration per pipeline. A graph's steps are data: a name, a node, the state keys the
 * node reads and the keys it may write, in order (an inner array is a stage whose steps run side
 * by side and join before the next). From that one declaration come both:
 *
 * - `compile()`: the LangGraph `StateGraph` (nodes, edges, input and output schemas), for
 *   parent graphs, `interrupt()` / `Command`, checkpointers and LangGraph Studio;
 * - `runner()`: the same nodes called in the same order without LangGraph's runtime, for the
 *   facade's `remember()` / `recall()`, which never pause and cannot afford LangGraph's per-step
 *   cost (about 1 ms per step, more than a whole recall).
 *
 * Both paths apply LangGraph's own channels to every update (the state annotation's reducers and
 * defaults), hand each node only the keys it declares it reads, and refuse an update to a key
 * the step does not declare, so they cannot drift apart.
 */
import {
  Annotation,
  type AnnotationRoot,
  type BaseChannel,
  type BaseCheckpointSaver,
  type BaseStore,
  END,
  type LangGraphRunnableConfig,
  START,
  type StateDefinition,
  type StateDefinitionInit,
  StateGraph,
  type StateType,
} from "@langchain/langgraph";
import type { z } from "zod";
import { InvalidConfigError } from "../errors.js";
import { yieldIfDue } from "../yield.js";

/** A node that reads `R` of state `S` and returns an update of `W`. */
export type StepNode<S, R extends keyof S, W extends keyof S> = (
  state: Pick<S, R>,
  config: LangGraphRunnableConfig,
) => Partial<Pick<S, W>> | Promise<Partial<Pick<S, W>>>;

/** One step of a pipeline: its node and the state it reads and writes. */
export interface Step<S, R extends keyof S = keyof S, W extends keyof S = keyof S> {
  /** The node's name in the compiled graph (and in traces, Studio, `onStep`). */
  readonly name: string;
  /** State keys handed to the node; it sees nothing else. */
  readonly reads: readonly R[];
  /** State keys the node may update; any other key in its update is a programming error. */
  readonly writes: readonly W[];
  readonly node: StepNode<S, R, W>;
}

/** A step, or several that run side by side. */
export type Stage<S> = Step<S> | readonly Step<S>[];

/**
 * Declare one step of state `S`, with the node's reads and writes checked against its type.
 * @example
 * const State = Annotation.Root({ text: lastValue<string>(() => ""), words: lastValue<string[]>(() => []) });
 * const step = stepOf<typeof State.State>();
 * const split = step({ name: "split", reads: ["text"], writes: ["words"], node: (state) => ({ words: state.text.split(" ") }) });
 * // With `reads: []` the node's `state.text` is a type error: a step sees only what it declares.
 */
export function stepOf<S>() {
  // Reads and writes are inferred from the declared lists only (NoInfer), so a node that needs a
  // key the declaration does not list is a type error, not a silent undefined.
  return <R extends keyof S, W extends keyof S>(step: {
    name: string;
    reads: readonly R[];
    writes: readonly W[];
    node: StepNode<S, NoInfer<R>, NoInfer<W>>;
  }): Step<S, R, W> => step;
}

/**
 * A channel that keeps the last value written, starting from `initial()`: the shape of every
 * working key of these pipelines (a node replaces a value, it never appends to it).
 * @example
 * const State = Annotation.Root({ words: lastValue<string[]>(() => []) });
 */
export function lastValue<T>(initial: () => T) {
  return Annotation<T>({ reducer: (_previous: T, next: T) => next, default: initial });
}

export interface PipelineSpec<SD extends StateDefinition, ID extends StateDefinitionInit, OD extends StateDefinition> {
  /** The compiled graph's name (`memory_write`), also used in error messages. */
  name: string;
  /** Every channel of the run. */
  state: AnnotationRoot<SD>;
  /**
   * What callers may pass: an annotation (keys written to their channels), or a zod object that
   * is parsed before anything runs (and, in the compiled graph, before LangGraph checkpoints the
   * input), so a transform there is the one place where input is cleaned.
   */
  input: ID;
  /** What the run returns: these keys only. */
  output: AnnotationRoot<OD>;
  stages: readonly Stage<StateType<SD>>[];
}

export interface CompileOptions {
  checkpointer?: BaseCheckpointSaver | false;
  store?: BaseStore;
}

export interface RunnerHooks {
  /** Called after each stage with its wall time in ms; side-by-side steps are named `a+b`. */
  onStep?: (stage: string, ms: number) => void;
}

export type PipelineRunner<Input, Output> = (input: Input, config?: LangGraphRunnableConfig) => Promise<Output>;

/**
 * LangGraph's builder types track node names and update types per state; the pipeline wires
 * names it learns at run time, so it adds nodes and edges through this runtime shape.
 */
interface Wiring {
  addNode(name: string, node: (state: never, config: LangGraphRunnableConfig) => Promise<unknown>): unknown;
  addEdge(from: string | string[], to: string): unknown;
}

/**
 * A declared pipeline; compile it into a graph, or get its direct runner.
 * @example
 * const State = Annotation.Root({ text: lastValue<string>(() => ""), words: lastValue<string[]>(() => []) });
 * const Output = Annotation.Root({ words: State.spec.words });
 * const step = stepOf<typeof State.State>();
 * const split = step({ name: "split", reads: ["text"], writes: ["words"], node: (state) => ({ words: state.text.split(" ") }) });
 * const pipeline = new Pipeline({ name: "split_words", state: State, input: State, output: Output, stages: [split] });
 * const graph = pipeline.compile();
 * await graph.invoke({ text: "a b" }); // { words: ["a", "b"] }
 * const run = pipeline.runner<{ text: string }>();
 * await run({ text: "a b" }); // { words: ["a", "b"] }
 */
export class Pipeline<SD extends StateDefinition, ID extends StateDefinitionInit, OD extends StateDefinition> {
  readonly name: string;
  private readonly spec: PipelineSpec<SD, ID, OD>;
  private readonly stages: readonly (readonly Step<StateType<SD>>[])[];

  constructor(spec: PipelineSpec<SD, ID, OD>) {
    this.spec = spec;
    this.name = spec.name;
    this.stages = spec.stages.map((stage) => (isStepList(stage) ? stage : [stage]));
    const names = this.stages.flat().map((step) => step.name);
    const repeated = names.find((name, i) => names.indexOf(name) !== i);
    if (repeated) throw new InvalidConfigError(`Pipeline '${spec.name}' declares step '${repeated}' twice.`);
    const clash = names.find((name) => name in spec.state.spec);
    // LangGraph refuses it when compiling; the runner refuses it too, so both paths agree.
    if (clash) throw new InvalidConfigError(`Pipeline '${spec.name}': step '${clash}' has the name of a state key.`);
    if (this.stages.some((stage) => stage.length === 0)) {
      throw new InvalidConfigError(`Pipeline '${spec.name}' has an empty stage.`);
    }
  }

  /** The names of the steps, stage by stage. */
  get stepNames(): string[][] {
    return this.stages.map((stage) => stage.map((step) => step.name));
  }

  /** The LangGraph graph: START → stage → … → END, a fan-out and a join for side-by-side steps. */
  compile(options: CompileOptions = {}) {
    const { state, input, output } = this.spec;
    const graph = new StateGraph({ state, input, output, nodes: this.stages.flat().map((step) => step.name) });
    const wiring = graph as unknown as Wiring;
    for (const step of this.stages.flat()) wiring.addNode(step.name, this.guarded(step));
    let previous: string[] = [START];
    for (const stage of this.stages) {
      const names = stage.map((step) => step.name);
      // A list start waits for every node in it: the join of a side-by-side stage.
      for (const name of names) wiring.addEdge(previous.length === 1 ? previous[0]! : previous, name);
      previous = names;
    }
    wiring.addEdge(previous.length === 1 ? previous[0]! : previous, END);
    const compiled = graph.compile({
      ...(options.checkpointer ? { checkpointer: options.checkpointer } : {}),
      ...(options.store ? { store: options.store } : {}),
      name: this.name,
    });
    // What a run returns is the output schema, in `invoke`, in the "values" stream and in the
    // thread's state alike (LangGraph would otherwise stream every working channel, and its
    // server answers `runs.wait` with the last "values" chunk). Each step's own update is still
    // visible in the "updates" and "debug" streams, which is what Studio shows per node.
    compiled.streamChannels = compiled.outputChannels;
    return compiled;
  }

  /**
   * The same steps run directly: input through the input schema and channels, each stage's
   * updates through the state's channels, the output keys returned.
   */
  runner<Input, Output = StateType<OD>>(hooks: RunnerHooks = {}): PipelineRunner<Input, Output> {
    const { input: inputSpec, state: stateSpec, output } = this.spec;
    const stateChannels = stateSpec.spec as Record<string, BaseChannel>;
    const outputKeys = Object.keys(output.spec);
    const parse = inputParser(inputSpec);
    const onStep = hooks.onStep;
    return async (input, config = {}) => {
      const channels = new Map<string, BaseChannel>();
      for (const [key, template] of Object.entries(stateChannels))
        channels.set(key, template.fromCheckpoint(undefined));
      applyUpdates(channels, [await parse(input)]);
      for (const stage of this.stages) {
        const started = onStep ? performance.now() : 0;
        const current = readState(channels) as StateType<SD>;
        const updates =
          stage.length === 1
            ? [await this.guarded(stage[0]!)(current, config)]
            : await Promise.all(stage.map((step) => this.guarded(step)(current, config)));
        applyUpdates(channels, updates);
        if (onStep) onStep(stage.map((step) => step.name).join("+"), performance.now() - started);
        // A yield point between steps (see src/yield.ts): a long run never blocks the event loop
        // for more than a slice at a step boundary.
        await yieldIfDue();
      }
      const final = readState(channels);
      return Object.fromEntries(outputKeys.map((key) => [key, final[key]])) as Output;
    };
  }

  /** The node as both paths call it: declared reads in, declared writes out. */
  private guarded(step: Step<StateType<SD>>) {
    const pipeline = this.name;
    const writes = new Set<PropertyKey>(step.writes);
    return async (state: StateType<SD>, config: LangGraphRunnableConfig): Promise<Record<string, unknown>> => {
      const visible = {} as Pick<StateType<SD>, keyof StateType<SD>>;
      for (const key of step.reads) visible[key] = state[key];
      const update: Record<string, unknown> = (await step.node(visible, config)) ?? {};
      for (const key of Object.keys(update)) {
        if (!writes.has(key)) {
          throw new InvalidConfigError(
            `Step '${step.name}' of ${pipeline} returned '${key}', which it does not declare in its writes (${[...writes].map(String).join(", ")}).`,
          );
        }
      }
      return update;
    };
  }
}

/** How the runner accepts input: a zod object's parse, or the annotation's keys. */
function inputParser(input: StateDefinitionInit): (value: unknown) => Promise<Record<string, unknown>> {
  if (typeof (input as z.ZodObject).parseAsync === "function") {
    const schema = input as z.ZodObject;
    return async (value) => (await schema.parseAsync(value)) as Record<string, unknown>;
  }
  const keys = new Set(Object.keys((input as AnnotationRoot<StateDefinition>).spec));
  return async (value) => Object.fromEntries(Object.entries(value ?? {}).filter(([key]) => keys.has(key)));
}

function isStepList<S>(stage: Stage<S>): stage is readonly Step<S>[] {
  return Array.isArray(stage);
}

/** Every update of one stage, grouped per key and handed to that key's channel (its reducer). */
function applyUpdates(channels: Map<string, BaseChannel>, updates: readonly Record<string, unknown>[]): void {
  const byKey = new Map<string, unknown[]>();
  for (const update of updates) {
    for (const [key, value] of Object.entries(update)) {
      if (!channels.has(key)) throw new InvalidConfigError(`Update to unknown state key '${key}'.`);
      const values = byKey.get(key) ?? [];
      values.push(value);
      byKey.set(key, values);
    }
  }
  for (const [key, values] of byKey) channels.get(key)!.update(values);
}

function readState(channels: Map<string, BaseChannel>): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const [key, channel] of channels) if (channel.isAvailable()) state[key] = channel.get();
  return state;
}
