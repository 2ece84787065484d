/**
 * Every regular expression of the product: the literals in src/, apps/, graphs/ and nodes/ (read from
 * the source with the TypeScript parser) and those built with `new RegExp` while the modules
 * load (word lists, lexicons, secret patterns). Used by the regex-safety test and by
 * `npm run check:regex`, which records recheck's verdicts.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["src", "apps", "graphs", "nodes"];
// Entry points whose top level runs a program.
const NOT_IMPORTED = new Set(["src/cli.ts", "src/demo.ts"]);

export interface Pattern {
  source: string;
  /** Flags that change what matches (`g` and `y` only move the start). */
  flags: string;
  /** `file:line` of a literal, or the module that built it. */
  where: string;
  /** Short, stable id of flags + source. */
  id: string;
}

function pattern(source: string, flags: string, where: string): Pattern {
  const meaningful = flags.replace(/[gy]/g, "");
  const id = createHash("sha256").update(`${meaningful}/${source}`).digest("hex").slice(0, 16);
  return { source, flags: meaningful, where, id };
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".ts")) files.push(file);
    }
  };
  for (const dir of DIRS) walk(path.join(ROOT, dir));
  return files.sort();
}

function literals(files: readonly string[]): Pattern[] {
  const found: Pattern[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const end = text.lastIndexOf("/");
        const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(pattern(text.slice(1, end), text.slice(end + 1), `${path.relative(ROOT, file)}:${line}`));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/** Patterns built with `new RegExp` while the product's modules load, by the product's own code. */
async function constructed(files: readonly string[]): Promise<Pattern[]> {
  const found: Pattern[] = [];
  const Native = RegExp;
  const frame = /\((.*?):\d+:\d+\)$|at (.*?):\d+:\d+$/;
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args) {
      const made = Reflect.construct(target, args) as RegExp;
      // The frame that called `new RegExp`: ours, not a library's.
      const caller = (new Error().stack ?? "").split("\n")[2]?.trim() ?? "";
      const file = frame
        .exec(caller)
        ?.slice(1)
        .find(Boolean)
        ?.replace(/^file:\/\//, "");
      if (
        file &&
        !file.includes("node_modules") &&
        DIRS.some((dir) => file.startsWith(path.join(ROOT, dir) + path.sep))
      )
        found.push(pattern(made.source, made.flags, `${path.relative(ROOT, file)} (built)`));
      return made;
    },
  });
  try {
    for (const file of files) if (!NOT_IMPORTED.has(path.relative(ROOT, file))) await import(file);
  } finally {
    globalThis.RegExp = Native;
  }
  return found;
}

/** Every distinct pattern, each once (the first place it was found). */
export async function productPatterns(): Promise<{ patterns: Pattern[]; literals: number; built: number }> {
  const files = sourceFiles();
  const lit = literals(files);
  const built = await constructed(files);
  const unique = new Map<string, Pattern>();
  for (const p of [...lit, ...built]) if (!unique.has(p.id)) unique.set(p.id, p);
  return { patterns: [...unique.values()], literals: lit.length, built: built.length };
}

/**
 * Where a pattern repeats: "unbounded" (`*`, `+`, `{m,}`), "nested" (a repeated group holding a
 * choice of its own), or "bounded" (every quantifier `{m,n}` or `?`, none inside a repeated
 * group): from one position a bounded pattern backtracks through at most a constant number of
 * paths (`\s{1,8}([^,.]{1,80}?)\s{1,8}`: 8 × 80 × 8), never through more as the input grows.
 */
export function repetition(source: string): "unbounded" | "nested" | "bounded" {
  // Same length as the source, escapes and classes blanked, so indices line up.
  const shape = source.replace(/\\./g, "xx").replace(/\[(?:\\.|[^\]\\])*\]/g, (c) => "x".repeat(c.length));
  if (/[*+]|\{\d+,\}/.test(shape)) return "unbounded";
  const open: number[] = [];
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] === "(") open.push(i);
    if (shape[i] !== ")") continue;
    const start = open.pop() ?? 0;
    const repeat = /^\{(\d+),(\d+)\}/.exec(shape.slice(i + 1));
    if (!repeat || Number(repeat[2]) < 2) continue;
    const body = shape.slice(start + 1, i).replace(/^\?(?:[:=!]|<[=!])/, "");
    // A choice inside: a range `{m,n}` (m < n) or a `?` quantifier (not a group's `(?` or a lazy `}?`).
    const ranges = [...body.matchAll(/\{(\d+),(\d+)\}/g)].some((m) => m[1] !== m[2]);
    const optional = /[^(}?]\?/.test(body);
    // One whitespace run then one word (`\s{1,8}\S{1,40}`): disjoint classes, one way to split.
    const word = /^(?:\?:)?\\s\{\d+,\d+\}\\S\{\d+,\d+\}$/.test(source.slice(start + 1, i));
    if ((ranges || optional) && !word) return "nested";
  }
  return "bounded";
}
