/** Run the CLI (or another script of the repository) as a process, offline, through tsx. */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `script` (relative to the repository) with `args`; a non-zero exit is returned, not thrown. */
export async function runScript(script: string, args: string[] = []): Promise<Ran> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSX, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, OPENAI_API_KEY: "", LGM_CHAT_PROVIDER: "none" },
      maxBuffer: 8 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `langgraph-memory <args>` from the sources. */
export const cli = (args: string[]): Promise<Ran> => runScript("src/cli.ts", args);
