/**
 * The package as a user gets it: `npm pack` (prepack builds dist/), installed into a fresh
 * project outside the repository, offline, from npm's cache; then the README's quick start,
 * a TypeScript consumer under `node16` and `bundler` resolution, and the `langgraph-memory` bin,
 * all against the installed package.
 *
 * Offline: `npm install` resolves new dependencies from full registry documents, which `npm ci`
 * never caches. So the consumer gets a package-lock.json made from this repository's lock (the
 * package's runtime dependencies, typescript and @types/node at the versions the repository
 * uses): npm then only needs what `npm ci` put in the cache (CI runs it before the tests).
 * The native addons compile from source (a few minutes on 2 cores); the install runs with
 * `--strict-allow-scripts`, so the consumer's `allowScripts` below is exactly what npm 11 needs.
 *
 * Everything lives in one temporary directory (os.tmpdir()), removed after the suite; the
 * repository is only read, except dist/ (git-ignored), which `npm pack` rebuilds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const INSTALL_MS = 20 * 60_000;
const STEP_MS = 5 * 60_000;

/** What a consumer's package.json needs under npm 11 for the two native addons (README "Install"). */
const ALLOW_SCRIPTS = { "better-sqlite3": true, "hnswlib-node": true };

const started = Date.now();
function progress(message: string): void {
  console.log(`[package +${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);
}

/**
 * The environment for child npm and node processes: without the npm_* variables of the
 * `npm run test:all` that runs this suite (npm_config_local_prefix would point npm at the repository),
 * keeping where npm's cache and config files are.
 */
function childEnv(): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_globalconfig"]);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !keep.has(key.toLowerCase())) continue;
    if (key === "INIT_CWD") continue;
    env[key] = value;
  }
  return { ...env, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", NO_UPDATE_NOTIFIER: "1" };
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run a command without blocking the worker (installs take minutes). */
function run(command: string, args: string[], options: { cwd: string; timeout?: number; input?: string }) {
  return new Promise<Result>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: childEnv(), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.stdin.end(options.input ?? "");
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} timed out after ${(options.timeout ?? STEP_MS) / 1000} s`));
    }, options.timeout ?? STEP_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function ok(command: string, args: string[], options: { cwd: string; timeout?: number }): Promise<Result> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `\`${command} ${args.join(" ")}\` in ${options.cwd} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}

// ---- the consumer project ---------------------------------------------------------------------

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  [field: string]: unknown;
}

/**
 * The consumer's lock: the entries of this repository's package-lock.json reachable from the
 * package's dependencies, typescript and @types/node (Node's resolution over the lock's paths).
 */
function consumerLock(tarball: string) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const entries: Record<string, LockEntry> = {};
  const missing: string[] = [];
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ; ) {
      const at = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (lock.packages[at]) return at;
      if (!dir) return undefined;
      const i = dir.lastIndexOf("/node_modules/");
      dir = i < 0 ? "" : dir.slice(0, i);
    }
  };
  const visit = (from: string, name: string, optional: boolean) => {
    const at = resolve(from, name);
    if (!at) {
      if (!optional) missing.push(`${name} (required by ${from || "the package"})`);
      return;
    }
    if (entries[at]) return;
    const { dev: _dev, devOptional: _devOptional, ...entry } = lock.packages[at]!;
    entries[at] = entry;
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(at, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(at, dep, true);
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      visit(at, dep, entry.peerDependenciesMeta?.[dep]?.optional === true);
  };
  for (const dep of Object.keys(pkg.dependencies)) visit("", dep, false);
  for (const dep of ["typescript", "@types/node"]) visit("", dep, false);
  if (missing.length > 0) {
    throw new Error(`package-lock.json lacks ${missing.join(", ")}: run \`npm install\` in the repository first.`);
  }
  const dependencies = {
    "langgraph-memory": `file:${tarball}`,
    typescript: entries["node_modules/typescript"]!.version!,
    "@types/node": entries["node_modules/@types/node"]!.version!,
  };
  const manifest = {
    name: "langgraph-memory-consumer",
    version: "1.0.0",
    private: true,
    type: "module",
    dependencies,
    allowScripts: ALLOW_SCRIPTS,
  };
  const consumerLockFile = {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: manifest.name, version: manifest.version, dependencies },
      "node_modules/langgraph-memory": {
        version: pkg.version,
        resolved: `file:${tarball}`,
        license: pkg.license,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
        engines: pkg.engines,
      },
      ...entries,
    },
  };
  return { pkg, manifest, lock: consumerLockFile };
}

/** The first ```ts block of README.md: the quick start. */
function quickStart(): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(readme);
  if (!block) throw new Error("README.md has no ```ts block");
  return block[1]!;
}

/** A consumer's use of the public types: must typecheck under every resolution mode. */
const CONSUMER_TS = `import { createMemory, HNSWStore, PostgresStore, type MemoryRecord, type MemoryScope } from "langgraph-memory";

export async function activeRecords(dir: string, scope: MemoryScope): Promise<MemoryRecord[]> {
  const memory = await createMemory({ dir });
  const records: MemoryRecord[] = await memory.list(scope, { status: "active" });
  await memory.close();
  return records;
}

export function openStore(dir: string): HNSWStore {
  return new HNSWStore({ dir });
}

// The PostgreSQL store's declarations need nothing of pg's own types in the consumer's project.
export function openShared(url: string): PostgresStore {
  return new PostgresStore({ connectionString: url, schema: "agents" });
}

// The types are real, not any: a wrong option is an error.
// @ts-expect-error dir is a string
void createMemory({ dir: 42 });
`;

/**
 * Seeds a store in argv[2] through the installed package, prints per-user counts from the
 * facade's own list() as one JSON line, then keeps the store open until stdin closes.
 */
const SEED_TS = `import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { createMemory, EXAMPLE_POLICIES_FILE, type MemoryScope } from "langgraph-memory";

const dir = process.argv[2]!;
// The shipped policies file resolves from the installed package, matches the built-in default,
// and is what createMemory reads when given its path.
const file = fileURLToPath(import.meta.resolve("langgraph-memory/policies/tasks.example.json"));
if (JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))) !== JSON.stringify(EXAMPLE_POLICIES_FILE))
  throw new Error(\`\${file} differs from EXAMPLE_POLICIES_FILE\`);

const memory = await createMemory({ dir, env: {}, policies: file });
const wang: MemoryScope = { userId: "wang", tenantId: "acme" };
const alice: MemoryScope = { userId: "alice" };
await memory.remember({
  scope: wang,
  messages: [
    { role: "user", content: "我不吃香菜，点外卖记得备注。" },
    { role: "user", content: "我们约定：所有数据库迁移必须先跑 make gen。" },
  ],
});
await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢吃苹果。" }] });
await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢喝咖啡。" }] });
await memory.remember({
  scope: alice,
  messages: [{ role: "user", content: "From now on, please reply in short bullet points." }],
});
const counts: Record<string, { records: number; byStatus: Record<string, number>; byKind: Record<string, number> }> = {};
for (const scope of [wang, alice]) {
  // What stats counts: every record export() holds, the episodes of the conversation included.
  const records = await memory.list(scope, { about: "any" });
  const c = { records: records.length, byStatus: {} as Record<string, number>, byKind: {} as Record<string, number> };
  for (const r of records) {
    c.byStatus[r.status] = (c.byStatus[r.status] ?? 0) + 1;
    c.byKind[r.kind] = (c.byKind[r.kind] ?? 0) + 1;
  }
  counts[\`\${scope.tenantId ?? "_default"}/\${scope.userId}\`] = c;
}
console.log(JSON.stringify(counts));
process.stdin.resume();
process.stdin.on("end", async () => {
  await memory.close();
});
`;

function tsconfig(compilerOptions: Record<string, unknown>, files: string[]) {
  return JSON.stringify({
    compilerOptions: { target: "ES2022", strict: true, types: ["node"], skipLibCheck: true, ...compilerOptions },
    files,
  });
}

// ---- the suite --------------------------------------------------------------------------------

let work = "";
let app = "";
let pkg: { version: string };

beforeAll(
  async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-package-"));
    const packDir = path.join(work, "pack");
    app = path.join(work, "app");
    fs.mkdirSync(packDir);
    fs.mkdirSync(app);

    progress("npm pack (prepack builds dist/)");
    await ok("npm", ["pack", "--pack-destination", packDir, "--silent"], { cwd: ROOT });
    const tarballs = fs.readdirSync(packDir).filter((f) => f.endsWith(".tgz"));
    expect(tarballs).toHaveLength(1);
    const tarball = `../pack/${tarballs[0]}`;

    const consumer = consumerLock(tarball);
    pkg = consumer.pkg;
    fs.writeFileSync(path.join(app, "package.json"), `${JSON.stringify(consumer.manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(app, "package-lock.json"), `${JSON.stringify(consumer.lock, null, 2)}\n`);

    progress(`npm install --offline ${tarball} in ${app} (compiles better-sqlite3 and hnswlib-node: minutes)`);
    const install = await run(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--strict-allow-scripts", tarball],
      { cwd: app, timeout: INSTALL_MS },
    );
    if (install.code !== 0) {
      const notCached = [...install.stderr.matchAll(/request to (\S+) failed: cache mode is 'only-if-cached'/g)].map(
        (m) => m[1],
      );
      throw new Error(
        notCached.length > 0
          ? `npm's cache lacks ${notCached.join(", ")}: run \`npm ci\` in the repository first (it fills the cache), then this test.\n${install.stderr}`
          : `npm install of the packed tarball failed (${install.code}):\n${install.stdout}\n${install.stderr}`,
      );
    }
    expect(install.stderr).not.toMatch(/not yet covered by allowScripts/);
    progress("installed");
  },
  INSTALL_MS + 2 * STEP_MS,
);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the packed package, installed in a fresh project", () => {
  it("ships compiled code, types and data, not sources or tests", () => {
    const root = path.join(app, "node_modules", "langgraph-memory");
    for (const file of [
      "package.json",
      "README.md",
      "README.zh-CN.md",
      "SECURITY.md",
      "LICENSE",
      "dist/src/index.js",
      "dist/src/index.d.ts",
      "dist/src/cli.js",
      "dist/src/demo.js",
      "dist/src/policies/tasks.example.json",
    ])
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    for (const file of ["src", "test", "apps", "graphs", "nodes", ".ci", "tsconfig.json", "package-lock.json"])
      expect(fs.existsSync(path.join(root, file)), file).toBe(false);
    expect(fs.readFileSync(path.join(root, "dist/src/cli.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    for (const addon of ["better-sqlite3", "hnswlib-node"]) {
      const release = path.join(app, "node_modules", addon, "build", "Release");
      expect(fs.existsSync(release) && fs.readdirSync(release).some((f) => f.endsWith(".node")), addon).toBe(true);
    }
  });

  it("exports at run time the values of the API report (api/langgraph-memory.api.md), and nothing else", async () => {
    const report = fs.readFileSync(path.join(ROOT, "api/langgraph-memory.api.md"), "utf8");
    const values = [...report.matchAll(/^value\s+\S+\s+(\S+)$/gm)].map((m) => m[1]!);
    expect(values.length).toBeGreaterThan(0);
    const script = 'import("langgraph-memory").then((m) => console.log(JSON.stringify(Object.keys(m))))';
    const result = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: app });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as string[]).sort()).toEqual(values.sort());
  });

  it(
    "runs the README quick start (compiled with the consumer's tsc) against the installed package",
    async () => {
      fs.writeFileSync(path.join(app, "quickstart.ts"), quickStart());
      fs.writeFileSync(
        path.join(app, "tsconfig.quickstart.json"),
        tsconfig({ module: "nodenext", moduleResolution: "nodenext", outDir: "out" }, ["quickstart.ts"]),
      );
      progress("tsc -p tsconfig.quickstart.json");
      await ok(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.quickstart.json"], { cwd: app });
      progress("node out/quickstart.js (twice: the snippet cleans up after itself)");
      for (let i = 0; i < 2; i += 1) {
        const result = await run(process.execPath, ["out/quickstart.js"], { cwd: app });
        expect(result.code, result.stderr).toBe(0);
      }
    },
    STEP_MS,
  );

  it.each([
    ["node16", { module: "node16", moduleResolution: "node16" }],
    ["nodenext", { module: "nodenext", moduleResolution: "nodenext" }],
    ["bundler", { module: "esnext", moduleResolution: "bundler" }],
  ])(
    "typechecks a consumer of createMemory, MemoryRecord and HNSWStore under moduleResolution %s",
    async (name, options) => {
      fs.writeFileSync(path.join(app, "consumer.ts"), CONSUMER_TS);
      fs.writeFileSync(
        path.join(app, `tsconfig.${name}.json`),
        tsconfig({ ...options, noEmit: true, skipLibCheck: false }, ["consumer.ts"]),
      );
      const result = await run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", `tsconfig.${name}.json`], {
        cwd: app,
      });
      expect(result.code, result.stdout).toBe(0);
    },
    STEP_MS,
  );

  it(
    "runs the bin: --version, --help, usage errors, stats (store open and closed) and demo",
    async () => {
      const bin = path.join(app, "node_modules", ".bin", "langgraph-memory");

      const version = await ok("npx", ["--no", "--", "langgraph-memory", "--version"], { cwd: app });
      expect(version.stdout.trim()).toBe(pkg.version);
      const help = await ok(bin, ["--help"], { cwd: app });
      expect(help.stdout).toMatch(/demo/);
      expect(help.stdout).toMatch(/stats \(--dir <dir> \| --postgres <url>\)/);
      for (const args of [["nope"], ["stats"], ["stats", "--dir"], ["stats", "--bogus"]]) {
        const usage = await run(bin, args, { cwd: app });
        expect(usage.code, args.join(" ")).toBe(2);
        expect(usage.stderr, args.join(" ")).toMatch(/^langgraph-memory: /);
      }

      // A store written through the installed package; stats reads it while the writer holds it.
      fs.writeFileSync(path.join(app, "seed.ts"), SEED_TS);
      fs.writeFileSync(
        path.join(app, "tsconfig.seed.json"),
        tsconfig({ module: "nodenext", moduleResolution: "nodenext", outDir: "out" }, ["seed.ts"]),
      );
      await ok(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.seed.json"], { cwd: app });
      const store = path.join(work, "store");
      progress("seeding a store and reading its stats while it is open");
      const seeder: ChildProcess = spawn(process.execPath, ["out/seed.js", store], {
        cwd: app,
        env: childEnv(),
        stdio: ["pipe", "pipe", "pipe"],
      });
      let seedErr = "";
      seeder.stderr!.on("data", (d) => (seedErr += d));
      const exited = new Promise<number | null>((resolve) => seeder.on("close", resolve));
      const expected = await new Promise<Record<string, { records: number; byStatus: Counts; byKind: Counts }>>(
        (resolve, reject) => {
          let out = "";
          seeder.stdout!.on("data", (d) => {
            out += d;
            const line = out.split("\n")[0];
            if (out.includes("\n")) resolve(JSON.parse(line!));
          });
          void exited.then((code) => reject(new Error(`seed exited ${code} before writing: ${seedErr}`)));
        },
      );
      expect(expected["acme/wang"]!.records).toBeGreaterThan(1);
      expect(expected["_default/alice"]!.records).toBeGreaterThan(0);
      try {
        // The seeder holds the store open (its lock file is there): stats reads it all the same.
        expect(fs.existsSync(path.join(store, "store.lock"))).toBe(true);
        checkStats(JSON.parse((await ok(bin, ["stats", "--dir", store, "--json"], { cwd: app })).stdout), expected);
      } finally {
        seeder.stdin!.end();
      }
      expect(await exited, seedErr).toBe(0);

      const closed = await ok(bin, ["stats", "--dir", store, "--json"], { cwd: app });
      checkStats(JSON.parse(closed.stdout), expected);
      const table = (await ok(bin, ["stats", "--dir", store], { cwd: app })).stdout;
      const total = Object.values(expected).reduce((n, c) => n + c.records, 0);
      expect(table).toContain(`2 users, ${total} memory records`);
      const wangRow = table.split("\n").find((line) => /^acme\s+wang\s/.test(line));
      expect(wangRow, table).toBeDefined();
      expect(wangRow!.split(/\s+/)[2]).toBe(String(expected["acme/wang"]!.records));
      expect(table).toMatch(/Size on disk: \d/);
      const missing = await run(bin, ["stats", "--dir", path.join(work, "nowhere")], { cwd: app });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No such directory/);

      progress("langgraph-memory demo");
      const before = new Set(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("langgraph-memory-demo-")));
      const demo = await ok(bin, ["demo"], { cwd: app });
      expect(demo.stdout).toMatch(/done — see README.md/);
      const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("langgraph-memory-demo-"));
      expect(after.filter((f) => !before.has(f))).toEqual([]);
      progress("bin checks done");
    },
    STEP_MS,
  );
});

type Counts = Record<string, number>;

function checkStats(
  stats: {
    users: { tenantId: string; userId: string; records: number; byStatus: Counts; byKind: Counts }[];
    bytes: { total: number; sqlite: number };
  },
  expected: Record<string, { records: number; byStatus: Counts; byKind: Counts }>,
): void {
  const nonZero = (c: Counts) => Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));
  const got = Object.fromEntries(
    stats.users.map((u) => [
      `${u.tenantId}/${u.userId}`,
      { records: u.records, byStatus: nonZero(u.byStatus), byKind: nonZero(u.byKind) },
    ]),
  );
  expect(got).toEqual(expected);
  expect(stats.bytes.total).toBeGreaterThan(0);
  expect(stats.bytes.sqlite).toBeGreaterThan(0);
}
