/**
 * The detectors of the redactor (see ../redact.ts): one bounded pattern per kind of secret, in
 * the order they run, with the checks that accept a match.
 */
import { wordList } from "../text/patterns.js";
import { IBAN_LENGTHS, ibanValid, isValidChineseId, luhnValid } from "./checksums.js";
import type { RedactionType } from "./redaction-types.js";

export interface Detector {
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

/** API keys by their provider's prefix (OpenAI, Stripe, AWS, GitHub, GitLab, Slack, Google, Hugging Face, npm). */
const PREFIXED_KEYS = [
  "sk-[A-Za-z0-9_-]{16,1024}",
  "(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,1024}",
  "whsec_[A-Za-z0-9]{20,1024}",
  "(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])",
  "gh[pousr]_[A-Za-z0-9]{30,1024}",
  "github_pat_[A-Za-z0-9_]{30,1024}",
  "glpat-[A-Za-z0-9_-]{20,1024}",
  "xox[abprse]-[A-Za-z0-9-]{10,1024}",
  "xapp-[A-Za-z0-9-]{10,1024}",
  "AIza[0-9A-Za-z_-]{35}",
  "hf_[A-Za-z0-9]{30,1024}",
  "npm_[A-Za-z0-9]{36}",
];
/** What a secret is introduced as: "api key: …", "token = …", 密钥是… */
const KEY_LABELS = [
  "api[_ -]?key",
  "access[_ -]?token",
  "refresh[_ -]?token",
  "auth[_ -]?token",
  "secret[_ -]?key",
  "client[_ -]?secret",
  "token",
  "密钥",
  "令牌",
];

/** Order matters: secrets and e-mails first (they contain digit runs), ids and cards before phones. */
export const DETECTORS: readonly Detector[] = [
  {
    // Prefixed keys, also after "_" (msg_sk-…). Each run is greedy to the end of its token and
    // needs nothing after it, so a failed attempt costs at most the (bounded) minimum length.
    type: "api_key",
    pattern: new RegExp(`(?<![A-Za-z0-9])(?:${PREFIXED_KEYS.join("|")})`, "g"),
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
    pattern: new RegExp(
      String.raw`((?:${KEY_LABELS.join("|")})\s{0,4}(?:是|为|:|：|=|is)\s{0,4}["']?)([A-Za-z0-9_\-./+=]{16,1024})`,
      "gi",
    ),
    group: 2,
  },
  { type: "api_key", pattern: /(\bBearer\s{1,4})([A-Za-z0-9._~+/-]{16,8192}={0,2})/g, group: 2 },
  {
    // "my password for gmail is …", "password: …", "passcode = …".
    type: "password",
    pattern: new RegExp(
      `((?<![A-Za-z])(?:password|passwd|passcode|passphrase|pwd)${FOR_WHAT}(?:\\s{1,4}(?:is|was)|\\s{0,4}` +
        `[:：=])\\s{0,4}["'“‘]?${PASSWORD_ADVERB})${NOT_PLACEHOLDER}(${SECRET_VALUE})`,
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
