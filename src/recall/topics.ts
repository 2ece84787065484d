/**
 * What a memory is about, for task policies that route by topic rather than by kind (seed 004
 * §3: a code-generation task needs the user's coding conventions, whether extraction stored
 * "always use tabs in my Go code" as a preference, a fact or a procedure, and never a hobby).
 *
 * A topic is read from the memory's key and its text against a small bilingual vocabulary.
 * Words that only look like the topic ("zip code", "dress code", 股票代码) do not count.
 */
import type { MemoryRecord } from "../schema.js";
import { alternation, wordList } from "../text/patterns.js";

/** The topics a task policy may route by (`topics` in a policy entry). */
export const POLICY_TOPICS = ["code"] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

const CODE_KEY =
  /^(?:code|coding|programming|editor|ide|git|lint|build|ci|deploy|release|repo|api|dev|engineering)(?:\.|$)/u;
const CODE_WORDS_EN =
  wordList(`coding | programming | programmer | source code | codebase | function | functions | variable |
  variables | indent | indentation | linter | lint | formatter | gofmt | prettier | eslint | commit | commits | pull request |
  code review | git | repo | repository | compile | compiler | unit test | unit tests | refactor | typescript | javascript |
  python | golang | rust | kotlin | swift | java | sql | regex | docker | kubernetes | snake_case | camelcase | type hints |
  make gen | vs code | vim | emacs | ide | api | endpoint | stack trace`);
const CODE_WORDS_ZH =
  wordList(`代码 | 编程 | 函数 | 变量 | 缩进 | 提交 | 分支 | 合并请求 | 代码审查 | 注释 | 单元测试 | 编译 | 部署 |
  接口 | 重构 | 类型注解 | 写码 | 仓库 | 发版`);
// "code" on its own, not a postal, dress, area or promo code; 代码 not a stock's.
const CODE_WORD = new RegExp(
  [
    `(?<!(?:zip|postal|dress|area|country|promo|discount|qr|access|door|gate|verification|security|bar) )` +
      `\\bcode\\b`,
    `\\b${alternation(CODE_WORDS_EN)}\\b`,
    `(?<!股票|邮政|验证|密)${alternation(CODE_WORDS_ZH)}`,
  ].join("|"),
  "iu",
);

/**
 * The topics a memory is about.
 * @example
 * topicsOf({ key: "preference.indentation", content: "The user always uses tabs in their Go code" }); // ["code"]
 */
export function topicsOf(record: Pick<MemoryRecord, "key" | "content">): PolicyTopic[] {
  return CODE_KEY.test(record.key) || CODE_WORD.test(record.content) ? ["code"] : [];
}
