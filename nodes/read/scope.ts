/**
 * Scope first: settle who is asking, what to search for and which task policy applies,
 * before anything touches the store (seed 000 检索: "scope 过滤：只取当前用户/租户").
 */
import { resolveRequest } from "../../src/recall/request.js";
import type { ReadDeps, ReadNode } from "../../src/recall/state.js";

export function createScopeNode(
  deps: ReadDeps,
): ReadNode<
  | "messages"
  | "query"
  | "task"
  | "limit"
  | "kinds"
  | "includeKnowledge"
  | "includeHistory"
  | "includeArchived"
  | "scope"
  | "instruction",
  "request" | "candidates" | "knowledgeCandidates" | "memories" | "knowledge" | "context" | "traceId"
> {
  return async (state, config) => ({
    request: resolveRequest(state, config.configurable, deps.policies, deps.now()),
    // A fresh run: nothing from an earlier recall on the same thread may leak into this one.
    candidates: [],
    knowledgeCandidates: [],
    memories: [],
    knowledge: [],
    context: "",
    traceId: "",
  });
}
