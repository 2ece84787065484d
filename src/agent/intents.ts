/**
 * Task commands in a user's message (seed 002 N9: a task is an entity that outlives the
 * conversation that began it). Rules, both languages, anchored on an explicit command so that a
 * message merely mentioning a task ("I started a new task at work") is not one:
 *
 *   start     "start task Migrate billing: export, convert, verify" · "开始任务：迁移账单库：导出、转换、校验"
 *   progress  "how far did task Migrate billing get?" · "任务迁移账单库做到哪了？" · "迁移账单库任务进展如何"
 *   done      "task Migrate billing: done export" · "任务迁移账单库：完成导出"
 *
 * A start may list its steps after a colon (comma / 、 / ； separated). Titles are matched
 * case-insensitively against the scope's tasks by the caller.
 */

export type TaskIntent =
  | { type: "start"; title: string; steps: string[] }
  | { type: "progress"; title: string }
  | { type: "done"; title: string; step: string };

const MAX_TITLE = 120;

const START_EN =
  /^\s{0,8}(?:please\s{1,8})?(?:start|begin|open)\s{1,8}(?:(?:a|the)\s{1,8})?(?:new\s{1,8})?task\s{0,8}[:：]?\s{0,8}(.{1,400})$/i;
const START_ZH = /^\s{0,8}(?:请|帮我)?(?:开始|新建|开启|开)(?:一个)?(?:新)?任务\s{0,8}[:：]?\s{0,8}(.{1,400})$/;
const PROGRESS_EN = new RegExp(
  String.raw`^\s{0,8}(?:how\s{1,8}far\s{1,8}(?:did|has)\s{1,8}(?:the\s{1,8})?task\s{1,8}(.{1,120}?)\s{1,8}` +
    String.raw`(?:get|got|come)|(?:what(?:'s|\s{1,8}is)\s{1,8}the\s{1,8})?(?:status|progress)\s{1,8}of\s{1,8}(?:the` +
    String.raw`\s{1,8})?task\s{1,8}(.{1,120}?)|how\s{1,8}is\s{1,8}(?:the\s{1,8})?task\s{1,8}(.{1,120}?)` +
    String.raw`\s{1,8}going)\s{0,8}[?？.!]{0,8}\s{0,8}$`,
  "i",
);
const PROGRESS_ZH = new RegExp(
  String.raw`^\s{0,8}(?:任务\s{0,8}[:：]?\s{0,8}(.{1,120}?)|(.{1,120}?)\s{0,8}(?:这个)?任务)\s{0,8}(?:做到哪(?:了|一步了?)?|进展` +
    String.raw`(?:如何|怎么样)?|进度(?:如何|怎么样)?|到哪一步了)\s{0,8}[?？。!！]{0,8}\s{0,8}$`,
);
const DONE_EN =
  /^\s{0,8}task\s{1,8}(.{1,120}?)\s{0,8}[:：]\s{0,8}(?:done|finished|completed)\s{1,8}(.{1,200}?)\s{0,8}[.!]{0,8}\s{0,8}$/i;
const DONE_ZH =
  /^\s{0,8}任务\s{0,8}(.{1,120}?)\s{0,8}[:：]\s{0,8}(?:完成了?|做完了?)\s{0,8}(.{1,200}?)\s{0,8}[。!！]{0,8}\s{0,8}$/;

/** The task command a message gives, if any. */
export function taskIntent(text: string): TaskIntent | undefined {
  const line = text.trim().split("\n")[0]!.slice(0, 400);
  const done = DONE_EN.exec(line) ?? DONE_ZH.exec(line);
  if (done) return clean({ type: "done", title: done[1]!, step: done[2]! });
  const start = START_EN.exec(line) ?? START_ZH.exec(line);
  if (start) {
    const [title, list] = splitOnce(start[1]!);
    return clean({ type: "start", title, steps: list ? splitSteps(list) : [] });
  }
  const progress = PROGRESS_EN.exec(line) ?? PROGRESS_ZH.exec(line);
  if (progress) return clean({ type: "progress", title: progress.slice(1).find((g) => g !== undefined)! });
  return undefined;
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.search(/[:：]/);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function splitSteps(list: string): string[] {
  return list
    .split(/[,，、;；]|\s{1,8}and\s{1,8}|\s{0,8}然后\s{0,8}/)
    .map((step) => step.trim().replace(/[。.!！]{1,8}$/, ""))
    .filter((step) => step !== "");
}

function clean<T extends TaskIntent>(intent: T): T | undefined {
  const title = intent.title
    .trim()
    .replace(/^["'“‘「《]|["'”’」》]$/g, "")
    .replace(/[。.!！?？]{1,8}$/, "")
    .trim();
  if (title === "" || title.length > MAX_TITLE) return undefined;
  return { ...intent, title };
}
