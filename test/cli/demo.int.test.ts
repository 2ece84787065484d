/**
 * `npm run demo` is the walkthrough a new user runs first: it must keep saying what it claims.
 * Run as a process, offline, exactly as the README's first command does.
 */
import { describe, expect, it } from "vitest";
import { runScript } from "./helpers.js";

describe("npm run demo", () => {
  it("walks through remember, a conflict, recall with its trace, a task across sessions and forget-me", async () => {
    const { code, stdout, stderr } = await runScript("src/demo.ts");
    expect(code, stderr).toBe(0);
    for (const heading of ["1. remember", "2. a conflict", "3. recall", "4. a task outlives", "5. forget-me"])
      expect(stdout).toContain(heading);
    // Remember: kept and not kept, with reasons; the phone never in digits.
    expect(stdout).toMatch(/\+ kept {8}用户不吃香菜/);
    expect(stdout).toMatch(/- not kept {4}.*\[transient, score/);
    expect(stdout).not.toContain("13812345678");
    // A conflict asked through the agent's interrupt and answered.
    expect(stdout).toMatch(/the agent pauses \(interrupt\): 我记得「用户喜欢吃芒果」/);
    expect(stdout).toMatch(/~ replaced {4}用户喜欢吃芒果 → by 「用户最近不吃芒果了」/);
    // Each recall's query printed; the trace counts what it leaves out and names what the policy filtered.
    expect(stdout).toContain('王芳 (wang) asks: "给我订一份外卖当午饭"');
    expect(stdout).toMatch(/… \d+ more candidates? not shown/);
    expect(stdout).toMatch(
      /filtered {3}The user's project's codename is Bluebird {3}— task policy 'write_email' leaves out fact/,
    );
    expect(stdout).toMatch(/filtered {3}The user needs the launch plan .* leaves out todo/);
    // The tasks resumed in new sessions after the old ones were deleted.
    expect(stdout).toContain("1 of 3 steps done: write the plan; remaining: book the venue, send invites");
    expect(stdout).toContain("已完成 1/3：导出；待办：转换、校验");
    // Forget-me.
    expect(stdout).toMatch(/王芳 \(wang\) now: 0 memories, 0 tasks, recall finds 0/);
    expect(stdout).toContain("done — see README.md for the API.");
    // No id is shown where its content could be.
    expect(stdout).not.toMatch(/\b[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
