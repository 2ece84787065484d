import { describe, expect, it } from "vitest";
import { taskIntent } from "../../src/agent/intents.js";

describe("task commands in a message", () => {
  it("starts a task, with its steps when listed after a colon", () => {
    expect(taskIntent("Start task Migrate billing: export, convert and verify")).toEqual({
      type: "start",
      title: "Migrate billing",
      steps: ["export", "convert", "verify"],
    });
    expect(taskIntent("please begin a new task: Quarterly report")).toEqual({
      type: "start",
      title: "Quarterly report",
      steps: [],
    });
    expect(taskIntent("开始任务：迁移账单库：导出、转换、校验")).toEqual({
      type: "start",
      title: "迁移账单库",
      steps: ["导出", "转换", "校验"],
    });
    expect(taskIntent("帮我新建一个任务 写年终总结")).toMatchObject({ type: "start", title: "写年终总结" });
  });

  it("asks how far a task got, in either language", () => {
    expect(taskIntent("How far did task Migrate billing get?")).toEqual({ type: "progress", title: "Migrate billing" });
    expect(taskIntent("what's the status of task Quarterly report")).toEqual({
      type: "progress",
      title: "Quarterly report",
    });
    expect(taskIntent("how is the task Quarterly report going?")).toMatchObject({ title: "Quarterly report" });
    expect(taskIntent("任务迁移账单库做到哪了？")).toEqual({ type: "progress", title: "迁移账单库" });
    expect(taskIntent("迁移账单库任务进展如何")).toEqual({ type: "progress", title: "迁移账单库" });
  });

  it("marks a step done", () => {
    expect(taskIntent("task Migrate billing: done export")).toEqual({
      type: "done",
      title: "Migrate billing",
      step: "export",
    });
    expect(taskIntent("任务迁移账单库：完成导出")).toEqual({ type: "done", title: "迁移账单库", step: "导出" });
  });

  it("does not fire on a message that only mentions a task", () => {
    for (const text of [
      "I started a new task at work today and it is hard.",
      "The task of migrating billing was hard last year.",
      "我今天开始做一个新的工作任务，好累。",
      "这个任务太难了。",
      "Can you help me with my task list?",
      "How far is the station from here?",
      "任务完成得怎么样不重要",
    ])
      expect(taskIntent(text)).toBeUndefined();
  });

  it("refuses an empty or overlong title", () => {
    expect(taskIntent("start task:")).toBeUndefined();
    expect(taskIntent(`start task ${"x".repeat(200)}`)).toBeUndefined();
  });
});
