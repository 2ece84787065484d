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
import type { Sensitivity } from "./schema.js";
import { wordList } from "./text/patterns.js";

export const REDACTION_TYPES = [
  "api_key",
  "password",
  "email",
  "id_cn",
  "bank_card",
  "iban",
  "ssn",
  "ip_address",
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
  iban: "[IBAN]",
  ssn: "[SSN]",
  ip_address: "[IP_ADDRESS]",
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
  iban: "high",
  ssn: "high",
  email: "medium",
  ip_address: "medium",
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
  /** A cheap pattern the text must contain for this detector to run at all. */
  requires?: RegExp;
}

// --- Building blocks -------------------------------------------------------------------------

/** Between the digit groups of a card or id: white space or a dash (ASCII, Unicode or full-width). */
const SEP = "[\\s\\-\\u2010-\\u2014\\u2212\\uff0d]";
/** Between the digit groups of a phone number: the same, or a dot (138.1234.5678). */
const PHONE_SEP = "[\\s.\\-\\u2010-\\u2014\\u2212\\uff0d]";
/**
 * Between a label and its value: "is", "是", ":", "=", "#", at most twice, a few spaces and an
 * opening quote. Bounded, so it costs a constant per label.
 */
const INTRO_WORD = "(?:\\s{0,3}(?:[:：=#]|是|为)|\\s{1,3}(?:is|was)(?![A-Za-z]))";
const INTRO = `${INTRO_WORD}?${INTRO_WORD}?\\s{0,3}["'“‘「]?`;
/** Not an already placed placeholder: redacting twice changes nothing. */
const NOT_PLACEHOLDER = "(?!\\[[A-Z_]{3,12}\\])";
/** " for my gmail account", " to the router": up to three words naming what a credential is for. */
const FOR_WHAT = "(?:\\s{1,4}(?:for|to|of|on|at)(?:\\s{1,4}\\S{1,40}){1,3}?)?";
/** A credential value: everything up to white space or sentence punctuation. */
const SECRET_VALUE = "[^\\s，。,;；、\"'“”‘’」！？]{4,256}";

// A Chinese character that can be part of a place name: not a verb or particle that usually
// precedes an address (住在 / 寄到 / 地址是), so the match starts at the place name itself.
const PLACE = "(?:(?![在住是到寄送址为我你他她的了从往去来])[\\u4e00-\\u9fa5])";
const PLACE_OR_ALNUM = `(?:${PLACE}|[A-Za-z0-9])`;
/** One unit after the street number: 3号楼, 2单元, 501室. Up to four, each optional. */
const ZH_UNIT = "(?:[0-9A-Za-z一二三四五六七八九十-]{1,6}(?:号楼|栋|幢|座|单元|楼|层|室|号))";
const ZH_ADDRESS = new RegExp(
  `(?:${PLACE}{2,3}省|${PLACE}{2,8}自治区)?(?:${PLACE}{2,4}市)?(?:${PLACE}{1,6}(?:区|县|旗))?(?:${PLACE}{1,6}(?:镇|乡|街道))?` +
    `${PLACE_OR_ALNUM}{1,10}(?:路|街|大道|大街|巷|弄|胡同)\\d{1,5}(?:号|弄)` +
    `${ZH_UNIT}?${ZH_UNIT}?${ZH_UNIT}?${ZH_UNIT}?`,
  "g",
);

const STREET_SUFFIXES = [
  ...wordList(`Street | Avenue | Road | Boulevard | Lane | Drive | Court | Way | Place | Terrace | Parkway | Highway |
    Square | Circle`),
];
const STREET_ABBREVIATIONS = ["St", "Ave", "Rd", "Blvd", "Ln", "Dr", "Ct", "Pl", "Pkwy", "Hwy"];
/** One word of a street name, then white space: a capitalised word or an ordinal (5th). One to four. */
const EN_WORD = "(?:(?:[A-Z][A-Za-z'.-]{0,30}|\\d{1,4}(?:st|nd|rd|th))\\s{1,4})";
const EN_ADDRESS = new RegExp(
  `\\b\\d{1,6}[A-Za-z]?\\s{1,4}${EN_WORD}${EN_WORD}?${EN_WORD}?${EN_WORD}?` +
    `(?:${[...STREET_SUFFIXES, ...STREET_ABBREVIATIONS].map((s) => `[${s[0]}${s[0]!.toLowerCase()}]${s.slice(1)}`).join("|")})\\b\\.?` +
    "(?:,?\\s{1,4}(?:Apt|Apartment|Suite|Ste|Unit|#)\\.?\\s{0,4}[A-Za-z0-9-]{1,10})?",
  "g",
);

const PASSWORD_ADVERBS = ["still", "now", "also", "just", "actually", "currently", "simply"];

/** Words that follow "password is" without being one ("my password is wrong"). */
const NOT_A_PASSWORD = new Set([
  ...wordList(`wrong | incorrect | invalid | expired | correct | right | weak | strong | required | same | different |
    missing | empty | blank | locked | changed | reset | unknown | secret | private | protected | hidden | long | short |
    错误 | 错了 | 不对 | 忘了 | 过期了`),
  ...PASSWORD_ADVERBS,
]);

/** Adverbs between "password is" and the password ("my password is still hunter2"). */
const PASSWORD_ADVERB = `(?:(?:${PASSWORD_ADVERBS.join("|")})\\s{1,4})?`;

// Labels that introduce a value as what it is. English words do not start inside a longer word.
const ID_LABEL =
  "(?:身份证(?:号码|号)?|公民身份号码|身份号码|证件号码?|(?<![A-Za-z])(?:" +
  "(?:resident|national|citizen|chinese)\\s{1,4}id(?:entity)?(?:\\s{1,4}card)?(?:\\s{1,4}(?:number|no\\.?))?" +
  "|id(?:entity)?\\s{1,4}card(?:\\s{1,4}(?:number|no\\.?))?" +
  "|(?:id|identity|identification)\\s{1,4}(?:number|no\\.?)" +
  "|(?:my|his|her|their|your|our)\\s{1,4}id" +
  "|id号码?))";
const CARD_LABEL =
  "(?:卡号码?|(?:银行|信用|储蓄|借记|工资|社保)卡(?:卡号|号码?)?|银行账号|账户号码?|(?<![A-Za-z])(?:" +
  "(?:(?:credit|debit|bank|visa|mastercard|amex|payment|my)\\s{1,4})?card(?:\\s{1,4}(?:number|no\\.?|#))?" +
  "|(?:bank\\s{1,4})?account\\s{1,4}(?:number|no\\.?)))";
const SSN_LABEL =
  "(?:社会安全号码?|社安号|(?<![A-Za-z])(?:ssn|social\\s{1,4}security(?:\\s{1,4}(?:number|no\\.?|#))?))";
const IP_LABEL =
  "(?:(?:我|我们|他|她|你|用户)(?:的|家|家里的|公司的|家的)?(?:公网|内网|家庭|家里|办公室|公司)?ip(?:v[46])?(?:地址)?" +
  "|(?<![A-Za-z])(?:my|our|his|her|their|your|the\\s{1,4}user'?s)\\s{1,4}" +
  "(?:(?:home|office|work|public|private|static|current|local|server|vpn)\\s{1,4})?ip(?:v[46])?(?:\\s{0,4}address)?)";
const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = `${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}(?!\\.?\\d)`;
/** Hex digits and colons; {@link looksLikeIpv6} checks the shape. */
const IPV6 = "[0-9a-f:]{2,39}(?![0-9a-f:])";

/** IBAN length by country (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  wordList(`AD24 | AE23 | AL28 | AT20 | AZ28 | BA20 | BE16 | BG22 | BH22 | BR29 | CH21 | CR22 | CY28 | CZ24 | DE22 | DK18 |
    DO28 | EE20 | EG29 | ES24 | FI18 | FO18 | FR27 | GB22 | GE22 | GI23 | GL18 | GR27 | GT28 | HR21 | HU28 | IE22 | IL23 |
    IQ23 | IS26 | IT27 | JO30 | KW30 | KZ20 | LB28 | LC32 | LI21 | LT20 | LU20 | LV21 | MC27 | MD24 | ME22 | MK19 | MR27 |
    MT31 | MU30 | NL18 | NO15 | PK24 | PL28 | PS29 | PT25 | QA29 | RO24 | RS22 | SA24 | SC31 | SE24 | SI19 | SK24 | SM27 |
    ST25 | SV28 | TL23 | TN24 | TR26 | UA29 | VA22 | VG24 | XK20`).map((entry) => [
    entry.slice(0, 2),
    Number(entry.slice(2)),
  ]),
);

/** One alternative per IBAN length: its countries, two check digits, then exactly the right number of characters. */
const IBAN_SHAPE = (() => {
  const byLength = new Map<number, string[]>();
  for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
    byLength.set(length, [...(byLength.get(length) ?? []), country]);
  }
  const alternatives = [...byLength].map(
    ([length, countries]) => `(?:${countries.join("|")})\\d\\d(?: ?[A-Z0-9]){${length - 4}}`,
  );
  return `(?:${alternatives.join("|")})`;
})();

/** Order matters: secrets and e-mails first (they contain digit runs), ids and cards before phones. */
const DETECTORS: readonly Detector[] = [
  {
    // Prefixed keys, also after "_" (msg_sk-…). Each run is greedy to the end of its token and
    // needs nothing after it, so a failed attempt costs at most the (bounded) minimum length.
    type: "api_key",
    pattern:
      /(?<![A-Za-z0-9])(?:sk-[A-Za-z0-9_-]{16,1024}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,1024}|whsec_[A-Za-z0-9]{20,1024}|(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])|gh[pousr]_[A-Za-z0-9]{30,1024}|github_pat_[A-Za-z0-9_]{30,1024}|glpat-[A-Za-z0-9_-]{20,1024}|xox[abprse]-[A-Za-z0-9-]{10,1024}|xapp-[A-Za-z0-9-]{10,1024}|AIza[0-9A-Za-z_-]{35}|hf_[A-Za-z0-9]{30,1024}|npm_[A-Za-z0-9]{36})/g,
  },
  {
    // JWTs: three base64url segments. A JWT starts where a token starts, or after a short
    // "msg-" / "id_" prefix, so at most two attempts start inside one run of token characters.
    type: "api_key",
    pattern:
      /eyJ(?<=(?:^|[^A-Za-z0-9_-]|(?:^|[^A-Za-z0-9_-])[A-Za-z0-9]{1,32}[-_])eyJ)[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,8192}/g,
  },
  {
    type: "api_key",
    pattern:
      /((?:api[_ -]?key|access[_ -]?token|refresh[_ -]?token|auth[_ -]?token|secret[_ -]?key|client[_ -]?secret|token|密钥|令牌)\s{0,4}(?:是|为|:|：|=|is)\s{0,4}["']?)([A-Za-z0-9_\-./+=]{16,1024})/gi,
    group: 2,
  },
  { type: "api_key", pattern: /(\bBearer\s{1,4})([A-Za-z0-9._~+/-]{16,8192}={0,2})/g, group: 2 },
  {
    // "my password for gmail is …", "password: …", "passcode = …".
    type: "password",
    pattern: new RegExp(
      `((?<![A-Za-z])(?:password|passwd|passcode|passphrase|pwd)${FOR_WHAT}(?:\\s{1,4}(?:is|was)|\\s{0,4}[:：=])\\s{0,4}["'“‘]?${PASSWORD_ADVERB})${NOT_PLACEHOLDER}(${SECRET_VALUE})`,
      "gi",
    ),
    group: 2,
    accept: (secret) => !isPasswordWord(secret),
  },
  {
    // 密码是… / 支付密码：… / 口令为… / 密码改成了…
    type: "password",
    pattern: new RegExp(
      `((?:密码|口令|PIN码)\\s{0,4}(?:就是|也是|是|为|[:：=]|改成了?|改为|设成了?|设为|设置成了?|换成了?)\\s{0,4}(?:[:：]\\s{0,4})?["'“‘「]?)${NOT_PLACEHOLDER}(${SECRET_VALUE})`,
      "gi",
    ),
    group: 2,
    accept: (secret) => !isPasswordWord(secret),
  },
  {
    // "PIN is 4321", "my bank PIN: 123456": digits only, so "the pin is loose" is left alone.
    type: "password",
    pattern: new RegExp(
      `((?<![A-Za-z])pin(?:\\s{0,4}(?:code|number))?${FOR_WHAT}(?:\\s{1,4}(?:is|was)|\\s{0,4}[:：=])\\s{0,4}["'“‘]?${PASSWORD_ADVERB})(\\d{4,12})(?!\\d)`,
      "gi",
    ),
    group: 2,
  },
  {
    // The local part starts where its run starts: a failed attempt scans its own run only.
    type: "email",
    pattern: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,256}@[A-Za-z0-9][A-Za-z0-9.-]{0,252}\.[A-Za-z]{2,24}/g,
  },
  {
    // Introduced as an id: any 18-character (or old 15-digit) shape, check digit or not.
    type: "id_cn",
    pattern: new RegExp(`(${ID_LABEL}${INTRO})(\\d{6}${SEP}?\\d{8}${SEP}?\\d{3}[\\dXx]|\\d{15})(?!\\d)`, "gi"),
    group: 2,
  },
  {
    type: "id_cn",
    pattern:
      /(?<!\d)[1-9]\d{5}[ -]?(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ -]?\d{3}[\dXx](?![0-9])/g,
    accept: (id) => isValidChineseId(id.replace(/[ -]/g, "")),
  },
  {
    type: "iban",
    pattern: new RegExp(`(?<![A-Za-z0-9])${IBAN_SHAPE}(?![A-Za-z0-9])`, "g"),
    accept: (iban) => ibanValid(iban),
  },
  {
    type: "iban",
    pattern:
      /((?<![A-Za-z])[Ii][Bb][Aa][Nn]\s{0,4}(?:[:：=#]\s{0,4})?)([A-Z]{2}\d{2}[A-Z0-9 ]{10,40}[A-Z0-9])(?![A-Za-z0-9])/g,
    group: 2,
  },
  {
    // Introduced as a card: any 13–19 digit shape, Luhn or not.
    type: "bank_card",
    pattern: new RegExp(`(${CARD_LABEL}${INTRO})(\\d(?:${SEP}?\\d){12,18})(?!\\d)`, "gi"),
    group: 2,
  },
  {
    // Anywhere: the usual groupings of a card number, first digit 2–9 (0 and 1 are not payment
    // cards; this keeps epoch timestamps out), passing Luhn.
    type: "bank_card",
    pattern: /(?<![\d+]|\d-)(?:\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5}|\d{13,19})(?!\d|-\d)/g,
    // A mobile number behind an 86 / 0086 prefix is a phone even when the digits happen to pass Luhn.
    accept: (card) => {
      const digits = card.replace(/[ -]/g, "");
      return /^[2-9]/.test(digits) && luhnValid(digits) && !/^(?:86|0086)1[3-9]\d{9}$/.test(digits);
    },
  },
  {
    type: "ssn",
    pattern: new RegExp(`(${SSN_LABEL}${INTRO})(\\d{3}[ -]?\\d{2}[ -]?\\d{4})(?!\\d)`, "gi"),
    group: 2,
  },
  { type: "ssn", pattern: /(?<!\d|\d-)(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?!\d|-\d)/g },
  {
    type: "ip_address",
    pattern: new RegExp(`(${IP_LABEL}${INTRO})(${IPV4}|${IPV6})`, "gi"),
    accept: (ip) => ip.includes(".") || looksLikeIpv6(ip),
    group: 2,
  },
  {
    type: "phone_cn",
    pattern: new RegExp(
      `(?<![\\d+])(?:\\(?(?:\\+|00)?86\\)?${PHONE_SEP}{0,2})?1[3-9]\\d(?:${PHONE_SEP}{0,3}\\d{4}){2}(?!\\d)`,
      "g",
    ),
  },
  { type: "phone", pattern: /(?<![\d+])(?:\+1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\d)/g },
  // Trying the optional province / city / district groups at every Chinese character is the
  // slowest pass; most text has no "…路12号" at all and skips it.
  { type: "address", pattern: ZH_ADDRESS, requires: /(?:路|街|道|巷|弄|同)\d{1,5}(?:号|弄)/ },
  { type: "address", pattern: EN_ADDRESS },
];

const FULLWIDTH_DIGIT = /[\uff10-\uff19]/;
/**
 * Invisible format characters that can split a number so no pattern sees it: zero-width
 * space / non-joiner / joiner, word joiner and invisible operators, BOM, soft hyphen, bidi
 * marks and embeddings. A zero-width joiner inside an emoji sequence (👨‍👩‍👧) is kept.
 */
const INVISIBLE =
  /[\u00ad\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\u200d(?!\p{Extended_Pictographic})|(?<!\p{Extended_Pictographic}|\ufe0f|[\u{1f3fb}-\u{1f3ff}])\u200d/gu;

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

/**
 * ISO 13616 check: the country's length, and the number (first four characters moved to the
 * end, letters as 10–35) is 1 mod 97. Spaces are ignored.
 * @example ibanValid("GB82 WEST 1234 5698 7654 32"); // true
 */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact) || IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length)
    return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** Whether a value after "password is" is a word about the password ("wrong") rather than one. */
function isPasswordWord(secret: string): boolean {
  // Those words are short: a long value is never one, and is not copied to compare.
  return secret.length <= 24 && NOT_A_PASSWORD.has(trimTrailingPunctuation(secret).toLowerCase());
}

/** Eight groups of up to four hex digits, or fewer with one `::`. */
function looksLikeIpv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  if (groups.some((group) => group.length === 0 || group.length > 4)) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ".!?。！？…".includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}
