/**
 * The documentation's examples are code: every ```ts block in README.md, README.zh-CN.md and the
 * Markdown pages under docs/ (every .md file, at any depth) runs here, offline, against the
 * source tree (imports of "langgraph-memory" point at src/index.ts). A block that needs what CI
 * does not have (an API key) is fenced as ```ts no-run: it is typechecked here instead of run.
 * A block fenced ```ts postgres runs with DATABASE_URL set to the PostgreSQL server of the
 * suites (test/helpers/postgres.ts: CI always has one); without one it is typechecked only.
 *
 * Their links are checked too: every relative link or image points at a file (or folder) of the
 * repository, and a link with an anchor (`docs/store.md#many-processes`, `#benchmarks`) at a
 * heading of the Markdown file it names, spelt as GitHub spells that heading's anchor.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Example {
  file: string;
  index: number;
  code: string;
  run: boolean;
  postgres: boolean;
}

const POSTGRES_URL = process.env.LGM_TEST_POSTGRES_URL;

/** The READMEs, then every Markdown page under docs/, as paths relative to the root (posix). */
function markdownFiles(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) pages.push(rel);
    }
  };
  walk("docs");
  return ["README.md", "README.zh-CN.md", ...pages.sort()];
}

function extractExamples(file: string): Example[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const out: Example[] = [];
  const fence = /^```ts( no-run| postgres)?\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(text), i = 0; m; m = fence.exec(text), i += 1) {
    const postgres = m[1] === " postgres";
    out.push({ file, index: i, code: m[2]!, run: !m[1] || (postgres && POSTGRES_URL !== undefined), postgres });
  }
  return out;
}

const files = markdownFiles();
const examples = files.flatMap(extractExamples);

/** A file name for one example: unique per file and block, whatever the page is called. */
function exampleFile(prefix: string, example: Example): string {
  const slug = example.file.replace(/[^A-Za-z0-9]+/g, "-");
  return path.join(root, "test", `${prefix}-${process.pid}-${slug}-${example.index}.ts`);
}

describe("documentation examples", () => {
  it("has examples in both READMEs", () => {
    expect(examples.filter((e) => e.file === "README.md").length).toBeGreaterThan(0);
    expect(examples.filter((e) => e.file === "README.zh-CN.md").length).toBeGreaterThan(0);
  });

  it("reads the pages under docs/, each in English and in Chinese", () => {
    const pages = files.filter((f) => f.startsWith("docs/"));
    expect(pages.length).toBeGreaterThan(2);
    const english = pages.filter((f) => !f.endsWith(".zh-CN.md"));
    const chinese = pages.filter((f) => f.endsWith(".zh-CN.md"));
    expect(chinese.sort()).toEqual(english.map((f) => f.replace(/\.md$/, ".zh-CN.md")).sort());
    expect(examples.some((e) => e.file.startsWith("docs/"))).toBe(true);
  });

  it("typechecks the no-run examples", () => {
    const blocks = examples.filter((e) => !e.run);
    expect(blocks.length).toBeGreaterThan(0);
    const sources = blocks.map((e) => {
      const file = exampleFile(".doc-example-typecheck", e);
      fs.writeFileSync(file, `${e.code.replace(/from "langgraph-memory"/g, 'from "../src/index.js"')}\nexport {};\n`);
      return file;
    });
    const config = path.join(root, "test", `.doc-example-tsconfig-${process.pid}.json`);
    fs.writeFileSync(
      config,
      JSON.stringify({ extends: "../tsconfig.json", include: sources.map((f) => path.basename(f)) }),
    );
    try {
      execFileSync(
        process.execPath,
        [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", config],
        { encoding: "utf8" },
      );
    } catch (error) {
      throw new Error(`no-run examples do not typecheck:\n${(error as { stdout?: string }).stdout ?? error}`);
    } finally {
      for (const f of [...sources, config]) fs.rmSync(f, { force: true });
    }
  });

  it.each(examples.filter((e) => e.run).map((e) => [`${e.file} #${e.index}`, e] as const))(
    "%s runs offline",
    (_name, example) => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-doc-"));
      const file = exampleFile(".doc-example", example);
      const code = example.code.replace(
        /from "langgraph-memory"/g,
        `from ${JSON.stringify(path.join(root, "src", "index.ts"))}`,
      );
      fs.writeFileSync(file, code);
      try {
        const env = {
          ...process.env,
          OPENAI_API_KEY: "",
          OPENAI_BASE_URL: "",
          ...(example.postgres ? { DATABASE_URL: POSTGRES_URL } : {}),
        };
        const loader = pathToFileURL(path.join(root, "node_modules", "tsx", "dist", "loader.mjs")).href;
        const output = execFileSync(process.execPath, ["--import", loader, file], {
          cwd: work,
          env,
          encoding: "utf8",
          timeout: 60_000,
        });
        expect(typeof output).toBe("string");
      } finally {
        fs.rmSync(file, { force: true });
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  );
});

interface Link {
  file: string;
  line: number;
  target: string;
}

/**
 * The lines of a Markdown file outside fenced code blocks, inline code blanked (a link or a
 * heading inside code is text, not markup); the others are empty, so line numbers hold.
 */
function proseLines(file: string): string[] {
  let fenced = false;
  return fs
    .readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line.replace(/(`+)[\s\S]*?\1/g, (code) => " ".repeat(code.length));
    });
}

/** Inline links and images: `[text](target)`, `![alt](target "title")`. */
function linksOf(file: string): Link[] {
  const out: Link[] = [];
  proseLines(file).forEach((text, i) => {
    for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      out.push({ file, line: i + 1, target: m[1]! });
  });
  return out;
}

/** The anchor GitHub gives a heading (github-slugger): lower case, punctuation out, spaces to hyphens. */
function headingAnchor(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link in a heading: its text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*]/g, ""); // code and emphasis marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const anchorCache = new Map<string, Set<string>>();

/** Every anchor of a Markdown file: its headings' (repeats numbered -1, -2 …) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of fs.readFileSync(path.join(root, file), "utf8").split("\n")) {
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  let fenced = false;
  for (const line of fs.readFileSync(path.join(root, file), "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with one link, or null. */
function brokenLink(link: Link): string | null {
  const { target } = link;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …: not checked here
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const resolved =
    pathPart === "" ? link.file : path.posix.normalize(path.posix.join(path.posix.dirname(link.file), pathPart));
  if (resolved.startsWith("../") || path.posix.isAbsolute(resolved)) return `${target} leaves the repository`;
  if (!fs.existsSync(path.join(root, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined) return null;
  if (!resolved.endsWith(".md")) return `${target}: an anchor on ${resolved}, which is not a Markdown page`;
  return anchorsOf(resolved).has(anchor) ? null : `${target}: ${resolved} has no heading with anchor #${anchor}`;
}

describe("documentation links", () => {
  const links = files.flatMap(linksOf);

  it("finds the links of every page", () => {
    expect(links.length).toBeGreaterThan(20);
    expect(links.some((l) => l.file.startsWith("docs/"))).toBe(true);
  });

  it("points every relative link at a file of the repository, and every anchor at a heading", () => {
    const broken = links.flatMap((link) => {
      const problem = brokenLink(link);
      return problem ? [`${link.file}:${link.line} ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("spells anchors as GitHub does", () => {
    expect(headingAnchor("Delete, forget-me, export and import")).toBe("delete-forget-me-export-and-import");
    expect(headingAnchor("The store: `HNSWStore`")).toBe("the-store-hnswstore");
    expect(headingAnchor("删除、遗忘、导出与导入")).toBe("删除遗忘导出与导入");
    expect(headingAnchor("`memory_read`: input and output")).toBe("memory_read-input-and-output");
  });
});
