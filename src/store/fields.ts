/**
 * Which texts of a value get embedded and keyword-indexed, with the path syntax of LangGraph's
 * InMemoryStore (its helper is not exported): `$` (the whole value as JSON), `a.b`,
 * `list[*]`, `list[0]`, `list[-1]`, `{a,b.c}`.
 */
export interface FieldText {
  /** `content`, or `retrievalHints[*].1` for the second element of a multi-valued path. */
  field: string;
  text: string;
}

export function textsAtPaths(value: Record<string, unknown>, paths: string[]): FieldText[] {
  const out: FieldText[] = [];
  for (const path of paths) {
    const texts = textsAtPath(value, path).filter((t) => t.trim().length > 0);
    if (texts.length === 1) out.push({ field: path, text: texts[0]! });
    else for (const [i, text] of texts.entries()) out.push({ field: `${path}.${i}`, text });
  }
  return out;
}

export function textsAtPath(value: unknown, path: string): string[] {
  if (!path || path === "$") return [JSON.stringify(value, null, 2)];
  return extract(value, tokenizePath(path), 0);
}

function extract(obj: unknown, tokens: string[], pos: number): string[] {
  if (pos >= tokens.length) return leafText(obj);
  const token = tokens[pos]!;
  if (token.startsWith("[") && token.endsWith("]")) {
    if (!Array.isArray(obj)) return [];
    const index = token.slice(1, -1);
    if (index === "*") return obj.flatMap((item) => extract(item, tokens, pos + 1));
    let i = Number.parseInt(index, 10);
    if (Number.isNaN(i)) return [];
    if (i < 0) i += obj.length;
    return i >= 0 && i < obj.length ? extract(obj[i], tokens, pos + 1) : [];
  }
  if (token.startsWith("{") && token.endsWith("}")) {
    if (typeof obj !== "object" || obj === null) return [];
    return token
      .slice(1, -1)
      .split(",")
      .map((f) => f.trim())
      .flatMap((field) => {
        let current: unknown = obj;
        for (const part of tokenizePath(field)) {
          if (current && typeof current === "object" && part in current)
            current = (current as Record<string, unknown>)[part];
          else return [];
        }
        return leafText(current);
      });
  }
  if (token === "*") {
    if (Array.isArray(obj)) return obj.flatMap((item) => extract(item, tokens, pos + 1));
    if (typeof obj === "object" && obj !== null) return Object.values(obj).flatMap((v) => extract(v, tokens, pos + 1));
    return [];
  }
  if (typeof obj === "object" && obj !== null && token in obj) {
    return extract((obj as Record<string, unknown>)[token], tokens, pos + 1);
  }
  return [];
}

function leafText(obj: unknown): string[] {
  if (typeof obj === "string" || typeof obj === "number" || typeof obj === "boolean") return [String(obj)];
  if (obj === null || obj === undefined) return [];
  return [JSON.stringify(obj, null, 2)];
}

/** `a.b[*].c` → `["a", "b", "[*]", "c"]`; braces and brackets are kept whole. */
export function tokenizePath(path: string): string[] {
  const tokens: string[] = [];
  let current = "";
  for (let i = 0; i < path.length; i += 1) {
    const ch = path[i]!;
    if (ch === "[" || ch === "{") {
      if (current) tokens.push(current);
      current = "";
      const close = ch === "[" ? "]" : "}";
      let depth = 1;
      let group = ch;
      while (++i < path.length && depth > 0) {
        const c = path[i]!;
        if (c === ch) depth += 1;
        else if (c === close) depth -= 1;
        group += c;
      }
      i -= 1;
      tokens.push(group);
    } else if (ch === ".") {
      if (current) tokens.push(current);
      current = "";
    } else current += ch;
  }
  if (current) tokens.push(current);
  return tokens;
}
