/**
 * PII and secret redaction (seed 000 "脱敏", seed 001 §6.4, seed 003 §3.2).
 *
 * Runs first in the write graph, on the raw messages (content, speaker names and ids), so that
 * extraction, a model, the store, the indexes and every trace only ever see typed placeholders
 * such as `[PHONE]`. Recall queries are redacted before they go into a trace
 * (src/recall/trace.ts), and {@link quoteValue} quotes received values in error messages.
 * Detection is pattern plus checksum where one exists (GB 11643 for resident ids, Luhn for bank
 * cards, ISO 13616 mod 97 for IBANs), so a random 16-digit order number is not mistaken for a
 * card; a number introduced as what it is ("身份证号 …", "card number …") is redacted whatever
 * its check digit. No raw value is kept anywhere: a finding records only its type and
 * placeholder.
 *
 * Every pattern runs in time linear in its input: every quantifier is bounded (a key is at most
 * 1,024 characters, a password 256, a JWT segment 8,192), so one attempt costs a constant, and
 * a pattern that scans a long run and can then fail starts only where such a run starts (the
 * e-mail local part, a JWT). Matches are collected with an `exec` loop, not a replace callback.
 * test/privacy/linear.test.ts times 64 KiB against 8 KiB of hostile input; the regex-safety test
 * (test/text/regex-safety.test.ts) checks every pattern statically.
 */

import { createHash } from "node:crypto";
import { DETECTORS, type Detector } from "./redact/detectors.js";
import {
  REDACTION_PLACEHOLDERS,
  REDACTION_TYPES,
  type RedactionFinding,
  type RedactionResult,
  type RedactionType,
  TYPE_SENSITIVITY,
} from "./redact/redaction-types.js";
import type { Sensitivity } from "./schema.js";

export {
  REDACTION_PLACEHOLDERS,
  REDACTION_TYPES,
  type RedactionFinding,
  type RedactionResult,
  type RedactionType,
} from "./redact/redaction-types.js";

const FULLWIDTH_DIGIT = /[\uff10-\uff19]/;
/**
 * Invisible format characters that can split a number so no pattern sees it: zero-width
 * space / non-joiner / joiner, word joiner and invisible operators, BOM, soft hyphen, bidi
 * marks and embeddings. A zero-width joiner inside an emoji sequence (👨‍👩‍👧) is kept.
 */
const INVISIBLE = new RegExp(
  [
    String.raw`[\u00ad\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]`,
    String.raw`\u200d(?!\p{Extended_Pictographic})`,
    String.raw`(?<!\p{Extended_Pictographic}|\ufe0f|[\u{1f3fb}-\u{1f3ff}])\u200d`,
  ].join("|"),
  "gu",
);

/**
 * Text as the detectors see it, and as it is stored: invisible format characters removed and
 * full-width digits folded to ASCII.
 * @example normalizeForRedaction("１３８\u200b1234"); // "1381234"
 */
export function normalizeForRedaction(text: string): string {
  const visible = text.replace(INVISIBLE, "");
  if (!FULLWIDTH_DIGIT.test(visible)) return visible;
  // In place over the UTF-16 code units (a raw copy: nothing is re-encoded), linear however many
  // digits there are.
  const units = Buffer.from(visible, "utf16le");
  for (let i = 0; i < units.length; i += 2) {
    const code = units[i]! | (units[i + 1]! << 8);
    if (code >= 0xff10 && code <= 0xff19) {
      units[i] = code - 0xfee0;
      units[i + 1] = 0;
    }
  }
  return units.toString("utf16le");
}

/**
 * Replace PII and secrets in `text` by typed placeholders.
 *
 * Detects, in Chinese and English phrasings: Chinese mobile numbers (+86, spaces, dashes, dots),
 * Chinese resident ids (a valid GB 11643 check character, or any id shape after 身份证 / ID
 * number), bank cards (13–19 digits passing Luhn, or any card shape after 卡号 / card number),
 * IBANs (mod 97), US social security numbers (with dashes, or after SSN), e-mail addresses,
 * IP addresses said to be someone's (my IP is…, 我的IP是…), street addresses (北京市朝阳区建国路88号,
 * 123 Main Street), North American phone numbers, API keys and tokens (sk-…, sk_live_…, AKIA…,
 * ghp_…, xox…, AIza…, JWTs, "api key: …") and passwords and PINs introduced as such (my password
 * for gmail is…, 密码是…, 支付密码：…, PIN is…). Invisible characters are removed and full-width
 * digits folded first, so 1３8\u200b1234… cannot slip through. Linear in the length of `text`.
 *
 * @example
 * redactText("我的手机号是 138-1234-5678，邮箱 a.b@example.com");
 * // { text: "我的手机号是 [PHONE]，邮箱 [EMAIL]",
 * //   findings: [{ type: "email", placeholder: "[EMAIL]" }, { type: "phone_cn", placeholder: "[PHONE]" }],
 * //   sensitivity: "medium" }
 */
export function redactText(text: string): RedactionResult {
  let current = normalizeForRedaction(text);
  const findings: RedactionFinding[] = [];
  for (const detector of DETECTORS) {
    if (detector.requires && !detector.requires.test(current)) continue;
    current = applyDetector(current, detector, findings);
  }
  return { text: current, findings, sensitivity: sensitivityOf(findings.map((f) => f.type)) };
}

/** One shared, frozen finding per type: a text with thousands of matches allocates none. */
const FINDINGS = Object.fromEntries(
  REDACTION_TYPES.map((type) => [type, Object.freeze({ type, placeholder: REDACTION_PLACEHOLDERS[type] })]),
) as unknown as Readonly<Record<RedactionType, RedactionFinding>>;

/**
 * One detector over the text. An `exec` loop, not `String.replace` with a callback: V8's
 * callback replace slows down more than linearly when a text holds thousands of matches.
 * A rejected match is skipped whole, as `replace` would.
 */
function applyDetector(text: string, detector: Detector, findings: RedactionFinding[]): string {
  const { pattern, group, accept } = detector;
  const placeholder = REDACTION_PLACEHOLDERS[detector.type];
  const parts: string[] = [];
  let copied = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    const secret = group === undefined ? match[0] : (match[group] ?? "");
    if (secret.length === 0 || (accept && !accept(secret))) continue;
    findings.push(FINDINGS[detector.type]);
    parts.push(text.slice(copied, match.index));
    parts.push(group === undefined ? placeholder : `${match[group - 1] ?? ""}${placeholder}`);
    copied = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(copied));
  return parts.join("");
}

/** The highest sensitivity among redaction types: high for ids, cards and credentials. */
export function sensitivityOf(types: readonly RedactionType[]): Sensitivity {
  let level: Sensitivity = "low";
  for (const type of types) {
    const own = TYPE_SENSITIVITY[type];
    if (own === "high") return "high";
    if (own === "medium") level = "medium";
  }
  return level;
}

/**
 * Sensitivity of already-redacted text, read from the placeholders it contains: extracted
 * memories inherit the sensitivity of the secrets they mention.
 * @example
 * textSensitivity("用户的邮箱是 [EMAIL]"); // "medium"
 */
export function textSensitivity(text: string): Sensitivity {
  const present = REDACTION_TYPES.filter((type) => text.includes(REDACTION_PLACEHOLDERS[type]));
  return sensitivityOf(present);
}

/**
 * An identifier (message id, session id, task id) safe to store: itself when it holds no
 * secret, otherwise `<prefix>-` and the first 64 bits of the SHA-256 of the original (16 hex
 * nibbles written with the letters a–p), so it stays stable (the same input always gives the
 * same id) and unique (different inputs give different ids) without revealing what it held.
 * @example
 * redactId("msg-42"); // "msg-42"
 * redactId("call-13812345678"); // "m-" + 16 letters a–p, the same on every call
 */
export function redactId(value: string, prefix = "m"): string {
  if (redactText(value).findings.length === 0) return value;
  // Hex nibbles written a–p: a replacement holds no digits, so no detector ever fires on it
  // and redactId(redactId(x)) === redactId(x).
  const hex = createHash("sha256").update(value, "utf8").digest("hex").slice(0, 16);
  return `${prefix}-${Array.from(hex, (nibble) => String.fromCharCode(97 + Number.parseInt(nibble, 16))).join("")}`;
}

/**
 * A received value quoted for an error message: JSON-like (strings in double quotes), every
 * string redacted, and cut to at most `max` characters with an ellipsis and the full length
 * ("… (65536 chars)"). Redaction runs over the whole value before the cut, so a secret is never
 * half-shown.
 * @example
 * quoteValue("call me on 13812345678"); // "\"call me on [PHONE]\""
 * quoteValue("x".repeat(65536), 20);   // "\"xxxx… (65536 chars)"
 */
export function quoteValue(value: unknown, max = 100): string {
  const { text, length } = quoted(value);
  if (text.length <= max) return text;
  const suffix = `… (${length} chars)`;
  const keep = Math.max(0, max - suffix.length);
  if (keep === 0) return suffix.length <= max ? suffix : "…";
  let head = text.slice(0, keep);
  // Do not end on half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  return `${head}${suffix}`;
}

/** The redacted quoted form of a value, and the length of the original (characters of a string, or of its JSON). */
function quoted(value: unknown): { text: string; length: number } {
  switch (typeof value) {
    case "string":
      return { text: JSON.stringify(redactText(value).text), length: value.length };
    case "undefined":
      return { text: "undefined", length: 9 };
    case "bigint":
      return { text: redactText(`${value}n`).text, length: String(value).length + 1 };
    case "symbol":
      return { text: redactText(value.toString()).text, length: value.toString().length };
    case "function":
      return { text: "[function]", length: 10 };
    case "number":
    case "boolean":
      return { text: redactText(String(value)).text, length: String(value).length };
    default:
      break;
  }
  let json: string;
  try {
    const seen = new WeakSet<object>();
    json =
      JSON.stringify(value, (_key, inner: unknown) => {
        if (typeof inner === "string") return redactText(inner).text;
        if (typeof inner === "bigint") return `${inner}n`;
        if (typeof inner === "function" || typeof inner === "symbol") return undefined;
        if (inner !== null && typeof inner === "object") {
          if (seen.has(inner)) return "[Circular]";
          seen.add(inner);
        }
        return inner;
      }) ?? String(value);
  } catch {
    json = Object.prototype.toString.call(value);
  }
  // Keys are not passed through the replacer: one more pass over the whole text.
  return { text: redactText(json).text, length: json.length };
}

/** What redaction reads of a message (a `ChatMessage` of src/messages.ts; typed here so that file can quote values with this one). */
export interface RedactableMessage {
  id: string;
  content: string;
  name?: string;
}

export interface MessageRedaction {
  messageId: string;
  findings: RedactionFinding[];
  sensitivity: Sensitivity;
}

/**
 * {@link redactText} over every message's content and speaker name; an id holding a secret is
 * replaced by {@link redactId}. Roles and times are kept.
 * @example
 * import { normalizeMessages } from "./messages.js";
 * const { messages, findings } = redactMessages(normalizeMessages([{ role: "user", content: "我的手机号是 13812345678" }]));
 * messages[0].content; // "我的手机号是 [PHONE]"
 */
export function redactMessages<M extends RedactableMessage>(
  messages: readonly M[],
): {
  messages: M[];
  findings: MessageRedaction[];
} {
  const redacted: M[] = [];
  const findings: MessageRedaction[] = [];
  for (const message of messages) {
    const result = redactText(message.content);
    const id = redactId(message.id);
    const name = message.name === undefined ? undefined : redactText(message.name).text;
    const unchanged = result.text === message.content && id === message.id && name === message.name;
    if (unchanged) redacted.push(message);
    else {
      const copy: M = { ...message, id, content: result.text };
      if (name !== undefined) copy.name = name;
      redacted.push(copy);
    }
    findings.push({ messageId: id, findings: result.findings, sensitivity: result.sensitivity });
  }
  return { messages: redacted, findings };
}
