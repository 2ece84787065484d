/**
 * The question put to the user when a new statement may conflict with a memory
 * (seed 002 §3.2: ask when unsure), in the candidate's language.
 */
/**
 * @example
 * conflictQuestion("zh", "用户喜欢喝咖啡", "用户喜欢吃芒果");
 * // 我记得「用户喜欢吃芒果」，刚才又听到「用户喜欢喝咖啡」。要用新的替换旧的、两条都保留、合并成一条，还是不记这条新的？
 */
export function conflictQuestion(language: "zh" | "en", candidate: string, existing: string): string {
  if (language === "zh") {
    return `我记得「${existing}」，刚才又听到「${candidate}」。要用新的替换旧的、两条都保留、合并成一条，还是不记这条新的？`;
  }
  return (
    `I remember "${existing}", and just heard "${candidate}". Should I replace the old memory with ` +
    `the new one, keep both, merge them into one, or not remember the new one?`
  );
}

/** The question for a memory the user has not confirmed yet (inferred or agent-generated). */
export function confirmationQuestion(language: "zh" | "en", candidate: string): string {
  return language === "zh"
    ? `我推断「${candidate}」，但你没有明确说过。要记住吗？`
    : `I inferred "${candidate}", but you never said so. Should I remember it?`;
}
