/**
 * Statements about one dimension in different words are recognised as the same dimension, by
 * the vocabulary of lexicon.ts (reply length, commute, editor, diet), in both languages: the
 * same value again is a restatement, a new value replaces the old. Value words outside their
 * dimension's context set nothing.
 */
import { Embeddings } from "@langchain/core/embeddings";
import { InMemoryStore } from "@langchain/langgraph";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { classifyRelation } from "../../src/write/conflict/classify.js";
import { readDimension } from "../../src/write/extract/dimensions.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { memoryStore, SCOPE } from "./helpers.js";

const AT = "2024-05-07T10:00:00+08:00";
const only = (content: string) => extractWithRules([{ id: "m1", role: "user", content, at: AT }]);
const set = (text: string) => {
  const reading = readDimension(text);
  return reading ? `${reading.dimension.key}=${reading.value}` : undefined;
};

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function conversation(...turns: Array<[content: string, day: number]>) {
  const memory = await createMemory({ store: memoryStore(), env: {}, now: () => new Date("2025-01-01T00:00:00Z") });
  opened.push(memory);
  const outs = [];
  for (const [i, [content, day]] of turns.entries()) {
    const at = new Date(Date.parse("2024-05-01T10:00:00Z") + day * 86_400_000).toISOString();
    outs.push(await memory.remember({ scope: SCOPE, messages: [{ role: "user", content, at, id: `m${i}` }] }));
  }
  return { memory, outs };
}

describe("the dimension vocabulary", () => {
  it("reads one dimension from different words, in both languages", () => {
    expect(set("I prefer detailed, long explanations")).toBe("reply.length=long");
    expect(set("keep answers short")).toBe("reply.length=short");
    expect(set("回答简短点")).toBe("reply.length=short");
    expect(set("回答不要太长")).toBe("reply.length=short");
    expect(set("Don't make your answers too long")).toBe("reply.length=short");
    expect(set("答案不够详细")).toBe("reply.length=long");
    expect(set("I commute by bike")).toBe("commute.mode=bike");
    expect(set("我每天坐地铁上班")).toBe("commute.mode=subway");
    expect(set("I do most of my coding in Cursor")).toBe("tool.editor=cursor");
  });

  it("reads nothing from a value word outside its dimension", () => {
    expect(set("We took a short trip to the coast")).toBeUndefined();
    expect(set("The meeting ran long")).toBeUndefined();
    expect(set("我坐地铁去看了展览")).toBeUndefined();
    expect(set("I walk the dog every morning")).toBeUndefined();
  });

  it("extracts an instruction about a dimension without a verb of liking, and not a question or a third person's", () => {
    expect(only("keep answers short")[0]).toMatchObject({ kind: "preference", key: "reply.length", value: "short" });
    expect(only("回答简短点")[0]).toMatchObject({ kind: "preference", key: "reply.length", value: "简短" });
    expect(only("Can you keep answers short?")).toEqual([]);
    expect(only("His answers were far too long").map((c) => c.key)).not.toContain("reply.length");
  });

  it("relates two wordings of one dimension by value, whatever their keys", () => {
    const statement = (content: string, key: string, value?: string) => ({ content, key, kind: "preference", value });
    const long = statement("The user prefers detailed, long explanations", "reply.style");
    expect(classifyRelation(statement("用户要求：回答简短点", "reply.length", "简短"), long).relation).toBe(
      "supersede",
    );
    expect(
      classifyRelation(
        statement("The user's instruction: keep answers short", "reply.length", "short"),
        statement("用户要求：回答简短点", "reply.length", "简短"),
      ).relation,
    ).toBe("duplicate");
    // Another subject's dimension is theirs.
    expect(
      classifyRelation(statement("The user's sister prefers short answers", "sister.reply_length", "short"), long)
        .relation,
    ).toBe("coexist");
  });
});

describe("one dimension, one value", () => {
  it("replaces a preference for long answers with a later one for short answers, and keeps restatements as one", async () => {
    const { memory, outs } = await conversation(
      ["I prefer detailed, long explanations", 0],
      ["keep answers short", 30],
      ["回答简短点", 31],
    );
    expect(outs[1]!.superseded.map((r) => r.content)).toEqual(["The user prefers detailed, long explanations"]);
    expect(outs[2]!.written).toEqual([]);
    expect(outs[2]!.reinforced).toHaveLength(1);
    const active = (await memory.list(SCOPE, { status: "active" })).filter((r) => r.key === "reply.length");
    expect(active.map((r) => r.content)).toEqual(["The user's instruction: keep answers short"]);
  });

  it("replaces how the user commutes and which editor they use", async () => {
    const { outs } = await conversation(
      ["I commute by bike", 0],
      ["These days I take the subway to work", 20],
      ["I use Vim", 21],
      ["I do most of my coding in Cursor now", 40],
    );
    expect(outs[1]!.superseded.map((r) => r.content)).toEqual(["The user commutes by bike"]);
    expect(outs[3]!.superseded.map((r) => r.content)).toEqual(["The user uses Vim"]);
  });

  it("replaces a diet said as what the user is with one said as what they eat, but not a restaurant's", async () => {
    const { outs } = await conversation(
      ["I've been vegetarian for 10 years", 0],
      ["My favourite restaurant is vegetarian", 1],
      ["I eat meat again these days", 40],
    );
    expect(outs[2]!.superseded.map((r) => r.content)).toEqual(["The user has been vegetarian for 10 years"]);
  });
});

/**
 * A stand-in for an embeddings model that carries meaning: one axis per dimension (its words
 * weigh three), every other word hashed onto a few shared axes. Deterministic, offline.
 */
class ConceptEmbeddings extends Embeddings {
  static readonly AXES: ReadonlyArray<readonly string[]> = [
    [
      "answer",
      "answers",
      "reply",
      "replies",
      "explanation",
      "explanations",
      "essay",
      "essays",
      "short",
      "long",
      "detailed",
      "brief",
      "concise",
      "回答",
      "简短",
      "详细",
    ],
    ["commute", "commutes", "bike", "subway", "bus", "drive", "通勤", "地铁"],
    ["editor", "vim", "cursor", "vscode", "emacs", "编辑器"],
    ["vegetarian", "vegan", "meat", "keto", "吃素", "饮食"],
  ];
  readonly dims = ConceptEmbeddings.AXES.length + 8;
  constructor() {
    super({});
  }
  async embedDocuments(texts: string[]) {
    return texts.map((text) => this.vector(text));
  }
  async embedQuery(text: string) {
    return this.vector(text);
  }
  private vector(text: string): number[] {
    const out = new Array<number>(this.dims).fill(0);
    for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
      const axis = ConceptEmbeddings.AXES.findIndex((words) => words.includes(word));
      if (axis >= 0) out[axis]! += 3;
      else out[ConceptEmbeddings.AXES.length + ([...word].reduce((h, c) => h + c.charCodeAt(0), 0) % 8)]! += 1;
    }
    return out;
  }
}

describe("dimensions by meaning, where an embeddings model is configured", () => {
  const semanticStore = () => {
    const embeddings = new ConceptEmbeddings();
    return new InMemoryStore({ index: { dims: embeddings.dims, embeddings, fields: RECORD_INDEX_FIELDS } });
  };
  const say = async (store: BaseStore, ...turns: string[]) => {
    const memory = await createMemory({ store, env: {}, now: () => new Date("2025-01-01T00:00:00Z") });
    opened.push(memory);
    const outs = [];
    for (const [i, content] of turns.entries()) {
      const at = new Date(Date.parse("2024-05-01T10:00:00Z") + i * 86_400_000).toISOString();
      outs.push(await memory.remember({ scope: SCOPE, messages: [{ role: "user", content, at, id: `m${i}` }] }));
    }
    return outs;
  };

  it("relates words no list holds to the dimension they mean, and asks rather than replaces", async () => {
    const [, essays] = await say(
      semanticStore(),
      "I prefer detailed, long explanations",
      "Please stop writing me essays",
    );
    expect(essays!.superseded).toEqual([]);
    expect(essays!.pending.map((r) => r.content)).toEqual([
      "The user's instruction: please stop writing the user essays",
    ]);
  });

  it("reads no meaning from hashed words: the vocabulary alone decides offline", async () => {
    const [, essays] = await say(
      memoryStore(),
      "I prefer detailed, long explanations",
      "Please stop writing me essays",
    );
    expect(essays!.pending).toEqual([]);
    expect(essays!.written).toHaveLength(1);
  });

  it("leaves statements about other things alone", async () => {
    const [, other] = await say(semanticStore(), "I prefer detailed, long explanations", "I keep a small herb garden");
    expect(other!.pending).toEqual([]);
  });
});
