/**
 * PII and secret redaction (seed 000 "脱敏", seed 001 §6.4, seed 003 §3.2).
 *
 * Runs first in the write graph, on the raw messages, so that extraction, a model, the store,
 * the indexes and every trace only ever see typed placeholders such as `[PHONE]`. Detection is
 * pattern plus checksum where one exists (GB 11643 for resident ids, Luhn for bank cards), so a
 * random 16-digit order number is not mistaken for a card. No raw value is kept anywhere: a
 * finding records only its type and placeholder.
 */

import type { ChatMessage } from "./messages.js";
import type { Sensitivity } from "./schema.js";
import { wordList } from "./text/patterns.js";

export const REDACTION_TYPES = [
  "api_key",
  "password",
  "email",
  "id_cn",
  "bank_card",
  "phone_cn",
  "phone",
  "address",
] as const;
export type RedactionType = (typeof REDACTION_TYPES)[number];

/** The placeholder each type is replaced by. Placeholders hold no digits, so later passes skip them. */
export const REDACTION_PLACEHOLDERS: Readonly<Record<RedactionType, string>> = {
  api_key: "[API_KEY]",
  password: "[PASSWORD]",
  email: "[EMAIL]",
  id_cn: "[ID_NUMBER]",
  bank_card: "[BANK_CARD]",
  phone_cn: "[PHONE]",
  phone: "[PHONE]",
  address: "[ADDRESS]",
};

/** Identity documents, money and credentials are high; contact details are medium (seed 000 "敏感隔离"). */
const TYPE_SENSITIVITY: Readonly<Record<RedactionType, Sensitivity>> = {
  api_key: "high",
  password: "high",
  id_cn: "high",
  bank_card: "high",
  email: "medium",
  phone_cn: "medium",
  phone: "medium",
  address: "medium",
};

export interface RedactionFinding {
  type: RedactionType;
  placeholder: string;
}

export interface RedactionResult {
  text: string;
  findings: RedactionFinding[];
  sensitivity: Sensitivity;
}

interface Detector {
  type: RedactionType;
  pattern: RegExp;
  /** Capture group holding the secret; group `group - 1` is the kept prefix ("密码是"). @default whole match */
  group?: number;
  accept?: (secret: string) => boolean;
}

// A Chinese character that can be part of a place name: not a verb or particle that usually
// precedes an address (住在 / 寄到 / 地址是), so the match starts at the place name itself.
const PLACE = "(?:(?![在住是到寄送址为我你他她的了从往去来])[\\u4e00-\\u9fa5])";
const PLACE_OR_ALNUM = `(?:${PLACE}|[A-Za-z0-9])`;
const ZH_ADDRESS = new RegExp(
  `(?:${PLACE}{2,3}省|${PLACE}{2,8}自治区)?(?:${PLACE}{2,4}市)?(?:${PLACE}{1,6}(?:区|县|旗))?(?:${PLACE}{1,6}(?:镇|乡|街道))?` +
    `${PLACE_OR_ALNUM}{1,10}(?:路|街|大道|大街|巷|弄|胡同)\\d{1,5}(?:号|弄)` +
    "(?:[0-9A-Za-z一二三四五六七八九十-]{1,6}(?:号楼|栋|幢|座|单元|楼|层|室|号))*",
  "g",
);

const STREET_SUFFIXES = [
  ...wordList(`Street | Avenue | Road | Boulevard | Lane | Drive | Court | Way | Place | Terrace | Parkway | Highway |
    Square | Circle`),
];
const STREET_ABBREVIATIONS = ["St", "Ave", "Rd", "Blvd", "Ln", "Dr", "Ct", "Pl", "Pkwy", "Hwy"];
const EN_ADDRESS = new RegExp(
  "\\b\\d{1,6}[A-Za-z]?\\s+(?:(?:[A-Z][A-Za-z'.-]*|\\d+(?:st|nd|rd|th))\\s+){1,4}" +
    `(?:${[...STREET_SUFFIXES, ...STREET_ABBREVIATIONS].map((s) => `[${s[0]}${s[0]!.toLowerCase()}]${s.slice(1)}`).join("|")})\\b\\.?` +
    "(?:,?\\s+(?:Apt|Apartment|Suite|Ste|Unit|#)\\.?\\s*[A-Za-z0-9-]+)?",
  "g",
);

/** Words that follow "password is" without being one ("my password is wrong"). */
const NOT_A_PASSWORD = new Set([
  ...wordList(`wrong | incorrect | invalid | expired | correct | right | weak | strong | required | same | different |
    missing | empty | blank | locked | changed | reset | 错误 | 错了 | 不对 | 忘了 | 过期了`),
]);

/** Order matters: secrets and e-mails first (they contain digit runs), ids and cards before phones. */
const DETECTORS: readonly Detector[] = [
  {
    type: "api_key",
    pattern:
      /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bxox[abprs]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{35}\b|\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
  },
  {
    type: "api_key",
    pattern:
      /((?:api[_ -]?key|access[_ -]?token|secret[_ -]?key|token|密钥|令牌)\s*(?:是|为|:|：|=|is)\s*["']?)([A-Za-z0-9_\-./+=]{16,})/gi,
    group: 2,
  },
  {
    type: "password",
    pattern: /((?:密码|口令|password|passwd|passcode|pwd)\s*(?:是|为|:|：|=|is)\s*["']?)([^\s，。,;；、"']{4,64})/gi,
    group: 2,
    accept: (secret) => !NOT_A_PASSWORD.has(secret.toLowerCase()),
  },
  { type: "email", pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  {
    type: "id_cn",
    pattern:
      /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g,
    accept: isValidChineseId,
  },
  {
    type: "bank_card",
    pattern: /(?<![\d+-])(?:\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5}|\d{13,19})(?![\d-])/g,
    // A mobile number behind an 86 / 0086 prefix is a phone even when the digits happen to pass Luhn.
    accept: (card) => luhnValid(card.replace(/[ -]/g, "")) && !/^(?:86|0086)1[3-9]\d{9}$/.test(card),
  },
  { type: "phone_cn", pattern: /(?<![\d+])(?:\(?(?:\+|00)86\)?[\s-]?)?1[3-9]\d(?:[\s-]?\d{4}){2}(?!\d)/g },
  { type: "phone", pattern: /(?<![\d+])(?:\+1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\d)/g },
  { type: "address", pattern: ZH_ADDRESS },
  { type: "address", pattern: EN_ADDRESS },
];

const FULLWIDTH_DIGIT = /[\uff10-\uff19]/g;

/**
 * Replace PII and secrets in `text` by typed placeholders.
 *
 * Detects Chinese mobile numbers (with +86, spaces or dashes), Chinese resident ids (18
 * characters with a valid GB 11643 check character), bank cards (13–19 digits passing Luhn),
 * e-mail addresses, street addresses (北京市朝阳区建国路88号, 123 Main Street), North American
 * phone numbers, API keys (sk-…, AKIA…, ghp_…, JWTs) and passwords after 密码/password.
 * Full-width digits are folded to ASCII first so ０１３８… cannot slip through.
 *
 * @example
 * redactText("我的手机号是 138-1234-5678，邮箱 a.b@example.com");
 * // { text: "我的手机号是 [PHONE]，邮箱 [EMAIL]",
 * //   findings: [{ type: "email", placeholder: "[EMAIL]" }, { type: "phone_cn", placeholder: "[PHONE]" }],
 * //   sensitivity: "medium" }
 */
export function redactText(text: string): RedactionResult {
  let current = text.replace(FULLWIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const findings: RedactionFinding[] = [];
  for (const detector of DETECTORS) {
    const placeholder = REDACTION_PLACEHOLDERS[detector.type];
    current = current.replace(detector.pattern, (match: string, ...groups: unknown[]) => {
      const secret = detector.group === undefined ? match : String(groups[detector.group - 1] ?? "");
      if (secret.length === 0 || (detector.accept && !detector.accept(secret))) return match;
      findings.push({ type: detector.type, placeholder });
      return detector.group === undefined ? placeholder : `${String(groups[detector.group - 2] ?? "")}${placeholder}`;
    });
  }
  return { text: current, findings, sensitivity: sensitivityOf(findings.map((f) => f.type)) };
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

export interface MessageRedaction {
  messageId: string;
  findings: RedactionFinding[];
  sensitivity: Sensitivity;
}

/**
 * {@link redactText} over every message's content; ids, roles, times and names are kept.
 * @example
 * const { messages, findings } = redactMessages(normalizeMessages(input));
 */
export function redactMessages(messages: readonly ChatMessage[]): {
  messages: ChatMessage[];
  findings: MessageRedaction[];
} {
  const redacted: ChatMessage[] = [];
  const findings: MessageRedaction[] = [];
  for (const message of messages) {
    const result = redactText(message.content);
    redacted.push(result.text === message.content ? message : { ...message, content: result.text });
    findings.push({ messageId: message.id, findings: result.findings, sensitivity: result.sensitivity });
  }
  return { messages: redacted, findings };
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = "10X98765432";

/**
 * GB 11643-1999 check: the 18th character is `ID_CHECK_CHARS[Σ(digit × weight) mod 11]`.
 * @example isValidChineseId("11010519491231002X"); // true
 */
export function isValidChineseId(id: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11] === id[17]!.toUpperCase();
}

/**
 * Luhn (mod 10) check used by every major card network.
 * @example luhnValid("4111111111111111"); // true
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
