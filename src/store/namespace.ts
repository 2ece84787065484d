/**
 * Namespace rules and encoding for the embedded store.
 *
 * A namespace is stored as its labels each followed by `:` (`["a","b"]` → `a:b:`). Labels may
 * not contain `:` (LangGraph's rule), so a prefix becomes a half-open range on that text:
 * `["a","b"]` matches `[a:b:, a:b;)`. That matches segment by segment (`["doc"]` never
 * matches `["docs"]`) and is served by the primary index, never by a scan.
 */
import type { ListNamespacesOperation, MatchCondition } from "@langchain/langgraph-checkpoint";
import { InvalidNamespaceError } from "../errors.js";

export function validateNamespaceLabels(namespace: unknown, what: "namespace" | "namespace prefix"): string[] {
  if (!Array.isArray(namespace)) {
    throw new InvalidNamespaceError(`Expected the ${what} to be an array of strings, received ${typeof namespace}.`);
  }
  if (what === "namespace" && namespace.length === 0) {
    throw new InvalidNamespaceError("Namespace cannot be empty.");
  }
  for (const label of namespace) {
    if (typeof label !== "string") {
      throw new InvalidNamespaceError(
        `Namespace labels must be strings; received ${typeof label} in ${JSON.stringify(namespace)}.`,
      );
    }
    if (label === "")
      throw new InvalidNamespaceError(
        `Namespace labels cannot be empty strings; received ${JSON.stringify(namespace)}.`,
      );
    if (label.includes("."))
      throw new InvalidNamespaceError(`Namespace label '${label}' contains '.', which is not allowed.`);
    if (label.includes(":"))
      throw new InvalidNamespaceError(`Namespace label '${label}' contains ':', which is not allowed.`);
    if (label.includes("\u0000")) throw new InvalidNamespaceError("Namespace labels cannot contain NUL bytes.");
  }
  return namespace as string[];
}

/** `["a","b"]` → `a:b:` */
export function encodeNamespace(namespace: string[]): string {
  return namespace.map((label) => `${label}:`).join("");
}

export function decodeNamespace(path: string): string[] {
  return path.split(":").slice(0, -1);
}

/** The `[low, high)` range of encoded paths under a prefix; `undefined` for the empty prefix (everything). */
export function prefixRange(prefix: string[]): [string, string] | undefined {
  if (prefix.length === 0) return undefined;
  const low = encodeNamespace(prefix);
  // `;` is the code point after `:`, so every path that starts with `low` sorts below `high`.
  return [low, `${low.slice(0, -1)};`];
}

/** LangGraph's listNamespaces match conditions (`*` is a one-label wildcard). */
export function matchesConditions(namespace: string[], conditions: MatchCondition[] | undefined): boolean {
  if (!conditions) return true;
  return conditions.every(({ matchType, path }) => {
    if (path.length > namespace.length) return false;
    const offset = matchType === "prefix" ? 0 : namespace.length - path.length;
    return path.every((label, i) => label === "*" || namespace[offset + i] === label);
  });
}

/**
 * A `listNamespaces` page from the encoded paths of every namespace holding items: matched,
 * cut to `maxDepth` (distinct), in InMemoryStore's order.
 */
export function listNamespacesOf(paths: string[], op: ListNamespacesOperation): string[][] {
  let namespaces = paths.map(decodeNamespace).filter((ns) => matchesConditions(ns, op.matchConditions));
  if (op.maxDepth !== undefined) {
    const seen = new Map<string, string[]>();
    for (const ns of namespaces) {
      const cut = ns.slice(0, op.maxDepth);
      seen.set(encodeNamespace(cut), cut);
    }
    namespaces = [...seen.values()];
  }
  namespaces.sort((a, b) => a.join(":").localeCompare(b.join(":")));
  const offset = op.offset ?? 0;
  return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
}

/** Most exact namespaces one structured query reads (recall passes two: records and episodes). */
const MAX_EXACT_NAMESPACES = 16;

/** The encoded paths of `namespaces` that lie under `prefix`, at most {@link MAX_EXACT_NAMESPACES}. */
export function pathsUnder(prefix: string[], namespaces: string[][]): string[] {
  const range = prefixRange(prefix);
  return namespaces
    .slice(0, MAX_EXACT_NAMESPACES)
    .map(encodeNamespace)
    .filter((p) => !range || (p >= range[0] && p < range[1]));
}
