/**
 * The README examples are code: every ```ts block in README.md and README.zh-CN.md runs here,
 * offline, against the source tree (imports of "langgraph-memory" point at src/index.ts).
 * A block that needs what CI does not have (an API key) is fenced as ```ts no-run: it is
 * typechecked here instead of run. A block fenced ```ts postgres runs with DATABASE_URL set to
 * the PostgreSQL server of the suites (test/helpers/postgres.ts: CI always has one); without
 * one it is typechecked only.
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

const examples = ["README.md", "README.zh-CN.md"].flatMap(extractExamples);

describe("README examples", () => {
  it("has examples in both READMEs", () => {
    expect(examples.filter((e) => e.file === "README.md").length).toBeGreaterThan(0);
    expect(examples.filter((e) => e.file === "README.zh-CN.md").length).toBeGreaterThan(0);
  });

  it("typechecks the no-run examples", () => {
    const blocks = examples.filter((e) => !e.run);
    expect(blocks.length).toBeGreaterThan(0);
    const files = blocks.map((e, i) => {
      const file = path.join(root, "test", `.doc-example-typecheck-${process.pid}-${i}.ts`);
      fs.writeFileSync(file, `${e.code.replace(/from "langgraph-memory"/g, 'from "../src/index.js"')}\nexport {};\n`);
      return file;
    });
    const config = path.join(root, "test", `.doc-example-tsconfig-${process.pid}.json`);
    fs.writeFileSync(
      config,
      JSON.stringify({ extends: "../tsconfig.json", include: files.map((f) => path.basename(f)) }),
    );
    try {
      execFileSync(
        process.execPath,
        [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", config],
        { encoding: "utf8" },
      );
    } catch (error) {
      throw new Error(`README no-run examples do not typecheck:\n${(error as { stdout?: string }).stdout ?? error}`);
    } finally {
      for (const f of [...files, config]) fs.rmSync(f, { force: true });
    }
  });

  it.each(examples.filter((e) => e.run).map((e) => [`${e.file} #${e.index}`, e] as const))(
    "%s runs offline",
    (_name, example) => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-doc-"));
      const file = path.join(root, "test", `.doc-example-${process.pid}-${example.index}-${example.file.length}.ts`);
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
