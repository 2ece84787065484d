/**
 * HTML for the inspector: every interpolated value escaped unless it is already {@link Html}
 * (built by {@link html}), so no value of a memory, a trace or a URL reaches the page as markup.
 * The stylesheet is served from /style.css (the CSP allows `style-src 'self'` only); no script.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  let out = "";
  for (const ch of String(value ?? "")) out += ENTITIES[ch] ?? ch;
  return out;
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(part);
}

/** A template whose values are escaped (arrays joined, null/undefined/false empty). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

export const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header,main{padding:12px 20px}header{background:#24292f;color:#fff}header a{color:#fff}
nav a{margin-right:14px}nav{margin-top:6px}h1{font-size:18px;margin:0}h2{font-size:16px}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f0f0f0}.banner{background:#fff4ce;padding:6px 20px}.notice{background:#dff6dd;padding:6px 10px}
.error{background:#fde7e9;padding:6px 10px}form.inline{display:inline}meter{width:80px}
tr[data-injected="true"]{background:#eef7ee}pre{background:#fff;border:1px solid #ddd;padding:8px;white-space:pre-wrap}
article{background:#fff;border:1px solid #ddd;padding:8px;margin:8px 0}.muted{color:#666}
`;
