/**
 * The inspector's labels in English and Chinese: `?lang=zh|en` wins, else the first language of
 * Accept-Language (zh → Chinese), else English.
 */
export type Lang = "en" | "zh";

const EN = {
  title: "Memory inspector",
  scopes: "Users",
  tenant: "Tenant",
  user: "User",
  memories: "Memories",
  episodes: "Episodes",
  pending: "Pending",
  traces: "Recall traces",
  recall: "Try a recall",
  sessions: "Sessions",
  tasks: "Tasks",
  forget: "Forget user",
  export: "Export user",
  readOnly: "Read-only: start with --allow-write to resolve, delete, export or forget.",
  content: "Content",
  kind: "Kind",
  source: "Source",
  status: "Status",
  key: "Key",
  scores: "Confidence / importance",
  written: "Written",
  lastUsed: "Last used",
  tier: "Tier",
  any: "any",
  search: "Search",
  filter: "Filter",
  next: "Next page",
  previous: "Previous page",
  of: "of",
  none: "Nothing here.",
  history: "History",
  delete: "Delete this memory",
  question: "Question",
  options: "Options",
  existing: "Conflicts with",
  query: "Query",
  candidates: "Candidates",
  outcome: "Outcome",
  reason: "Reason",
  block: "Injected block",
  blockNotStored: "Traces do not store the block; it had about {n} tokens. Try the query to see it.",
  run: "Run",
  previewNote: "A preview: nothing is written (no trace, no usage counters).",
  day: "Day",
  count: "Count",
  forgetWarning: "This removes everything stored for user {user}:",
  forgetConfirm: "Type the user id to confirm",
  forgetDone: "Forgot user {user}.",
  resolved: "Resolved {id}: {choice}.",
  deleted: "Deleted {id}.",
  error: "Error",
  notFound: "Not found.",
  forbidden: "Forbidden.",
  badRequest: "Bad request.",
  internal: "Something went wrong; the server log has the details.",
  updated: "Updated",
  name: "Name",
  injected: "injected",
  signals: "Signals",
  score: "Score",
  memory: "Memory",
  trace: "Recall trace",
  memoryCount: "Memories: {n}",
  pendingCount: "Waiting for an answer: {n}",
  never: "never",
} as const;

export type Labels = { [K in keyof typeof EN]: string };

const ZH: Labels = {
  title: "记忆检查器",
  scopes: "用户",
  tenant: "租户",
  user: "用户",
  memories: "记忆",
  episodes: "情景",
  pending: "待确认",
  traces: "召回轨迹",
  recall: "试一次召回",
  sessions: "会话",
  tasks: "任务",
  forget: "遗忘该用户",
  export: "导出该用户",
  readOnly: "只读：以 --allow-write 启动才能确认、删除、导出或遗忘。",
  content: "内容",
  kind: "类型",
  source: "来源",
  status: "状态",
  key: "键",
  scores: "置信度 / 重要性",
  written: "写入时间",
  lastUsed: "最近使用",
  tier: "层级",
  any: "全部",
  search: "搜索",
  filter: "筛选",
  next: "下一页",
  previous: "上一页",
  of: "共",
  none: "暂无内容。",
  history: "历史",
  delete: "删除这条记忆",
  question: "问题",
  options: "选项",
  existing: "冲突对象",
  query: "查询",
  candidates: "候选",
  outcome: "结果",
  reason: "原因",
  block: "注入块",
  blockNotStored: "轨迹不保存注入块（约 {n} 个 token）。可用“试一次召回”查看。",
  run: "运行",
  previewNote: "预览：不写入任何内容（不存轨迹，不计使用次数）。",
  day: "日期",
  count: "数量",
  forgetWarning: "将删除用户 {user} 的全部数据：",
  forgetConfirm: "输入用户 id 以确认",
  forgetDone: "已遗忘用户 {user}。",
  resolved: "已处理 {id}：{choice}。",
  deleted: "已删除 {id}。",
  error: "错误",
  notFound: "未找到。",
  forbidden: "禁止访问。",
  badRequest: "请求无效。",
  internal: "出错了；详情见服务器日志。",
  updated: "更新时间",
  name: "名称",
  injected: "已注入",
  signals: "信号",
  score: "得分",
  memory: "记忆详情",
  trace: "召回轨迹详情",
  memoryCount: "{n} 条记忆",
  pendingCount: "{n} 条等待回答",
  never: "从未",
};

/**
 * The Chinese words for the stored enum values a page shows (statuses, kinds, sources, tiers,
 * timeline events, trace outcomes and signals, a conflict's decisions). English pages show the
 * stored value itself, the word the API and the CLI use.
 */
const ZH_TERMS: Record<string, string> = {
  active: "有效",
  pending: "待确认",
  superseded: "已被取代",
  archived: "已归档",
  preference: "偏好",
  fact: "事实",
  episode: "情景",
  procedure: "流程",
  todo: "待办",
  business_fact: "业务事实",
  explicit: "用户明说",
  inferred: "推断",
  system_sync: "系统同步",
  agent_generated: "代理生成",
  hot: "热",
  cold: "冷",
  written: "写入",
  merged: "已合并",
  confirmed: "已确认",
  restored: "已恢复",
  deleted: "已删除",
  injected: "已注入",
  overridden: "被覆盖",
  dropped: "未注入",
  semantic: "语义",
  recency: "时近",
  importance: "重要性",
  usage: "使用",
  supersede: "用新的替换旧的",
  keep_both: "两条都保留",
  merge: "合并为一条",
  reject: "不记新的",
};

/** A stored enum value as a page shows it in `lang` (unknown values as stored). */
export function termOf(lang: Lang, value: string): string {
  return lang === "zh" ? (ZH_TERMS[value] ?? value) : value;
}

export function labelsOf(lang: Lang): Labels {
  return lang === "zh" ? ZH : EN;
}

/** `?lang=` when it names a language, else Accept-Language's first language; `explicit` when the query chose. */
export function pickLang(param: string | null, acceptLanguage: string | undefined): { lang: Lang; explicit: boolean } {
  if (param === "zh" || param === "en") return { lang: param, explicit: true };
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return { lang: first.startsWith("zh") ? "zh" : "en", explicit: false };
}

/** A label with `{name}` placeholders filled (values are escaped by the caller's template). */
export function fill(text: string, values: Record<string, string | number>): string {
  let out = text;
  for (const [name, value] of Object.entries(values)) out = out.replaceAll(`{${name}}`, String(value));
  return out;
}
