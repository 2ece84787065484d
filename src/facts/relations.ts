/**
 * Structured facts (seed 001 §4.2): the subject–predicate–object relations a memory states,
 * read from its sentence by rules in both languages. They feed the store's relational index
 * (src/store/item-structure.ts), where multi-hop questions are answered by joins (seed 001 §4.4).
 *
 * The rules read the third-person sentence a memory carries ("The user's colleague Bob leads
 * Atlas", "天穹用的是瀚海数据库"), not raw speech: the speaker is already "the user" / "用户".
 * Each rule is a relation verb with an entity on either side; the predicate vocabulary is small
 * and closed (RELATION_PREDICATES), so facts from different wordings meet in one predicate:
 * "Odile runs Atlas", "Atlas is Odile's project" and "天穹的负责人是王磊" all become `leads`.
 * Entities are normalised by {@link entityKey}: case, width, articles and the generic type word
 * ("project Atlas", "天穹项目" → "atlas", "天穹"), so a name meets itself across sentences.
 */
import { RecentLists } from "../recent.js";
import { alternation, wordList } from "../text/patterns.js";
import { PERSON_WORDS } from "../write/extract/lexicon.js";

/** The predicates rules produce. A model may add others (lowercase words and underscores). */
export const RELATION_PREDICATES = [
  "leads",
  "member_of",
  "uses",
  "lives_in",
  "works_at",
  "reports_to",
  "for_client",
  "status",
  "same_as",
  "funded_by",
  "published_by",
  "located_in",
  "relation",
] as const;

export interface Relation {
  /** As written, trimmed ("Bob", "天穹"); "user" for the user. */
  subject: string;
  predicate: string;
  object: string;
}

/** At most this many relations per memory: a memory is one statement. */
export const MAX_RELATIONS = 8;
/** Longest entity name kept, in characters. */
const MAX_ENTITY = 40;

// Generic type words that name what kind of entity follows or precedes a name: stripped from
// the key so "project Atlas", "Atlas project" and "Atlas" are one entity.
const EN_TYPE_WORDS = new Set([
  "project",
  "program",
  "programme",
  "pilot",
  "initiative",
  "team",
  "department",
  "dept",
  "group",
  "squad",
  "service",
  "app",
  "system",
  "platform",
  "company",
  "client",
  "customer",
  "ticket",
  "bug",
  "issue",
  "city",
]);
const ZH_TYPE_SUFFIX = /(?:项目|项目组|团队|小组|部门|事业部|组|部|服务|系统|平台|公司|客户|工单)$/u;
const ZH_TYPE_PREFIX = /^(?:项目|客户)/u;
const EN_ARTICLE = /^(?:the|a|an|our|my|their|his|her)\s{1,3}/iu;
const EN_TITLE = /^(?:dr|mr|mrs|ms|prof|professor|doctor)\.?\s{1,3}/iu;
const USER_WORDS = new Set(["user", "the user", "用户", "我", "i", "me"]);

/**
 * The key an entity is matched by: NFKC, lowercase, no article, no generic type word, no
 * surrounding punctuation. "user" for the user. Empty when nothing is left.
 * @example
 * entityKey("Project Atlas"); // "atlas"
 * entityKey("天穹项目"); // "天穹"
 */
export function entityKey(name: string): string {
  let text = name.normalize("NFKC").trim().toLowerCase();
  text = text.replace(/^[\s"'“”‘’《「(（]{1,3}|[\s"'“”‘’》」)）.,;:!?，。；：！？]{1,3}$/gu, "");
  if (USER_WORDS.has(text)) return "user";
  text = text.replace(EN_ARTICLE, "").replace(EN_TITLE, "");
  text = text.replace(/'s$/u, "");
  const words = text.split(/\s{1,3}/u).filter(Boolean);
  if (words.length > 1 && EN_TYPE_WORDS.has(words[0]!)) words.shift();
  if (words.length > 1 && EN_TYPE_WORDS.has(words.at(-1)!)) words.pop();
  text = words.join(" ");
  if (/\p{Script=Han}/u.test(text)) {
    const stripped = text.replace(ZH_TYPE_SUFFIX, "").replace(ZH_TYPE_PREFIX, "");
    if (stripped.length >= 2) text = stripped;
  }
  return text.slice(0, MAX_ENTITY);
}

// ---- English --------------------------------------------------------------------------------

// A name: capitalised words ("Odile", "Project Atlas", "PostgreSQL", "New York"), or a lowercase
// phrase ending in a type word ("the billing service", "the payments team").
// Repetition spelled out as optional copies: a repeated group holding a choice can backtrack
// super-linearly (test/text/regex-safety.test.ts); n optional copies cannot.
const upTo = (n: number, group: string): string => `(?:${group})?`.repeat(n);
// Rules read words one or two spaces apart; a phrase here is written with single spaces.
const GAP = "\\s{1,2}";
const phrase = (text: string): string => text.split(" ").join(GAP);
/** The phrases in the order given, as one group. */
const oneOf = (phrases: readonly string[]): string => `(?:${phrases.map(phrase).join("|")})`;
/** Pieces of a pattern in sequence, one or two spaces apart. */
const seq = (...parts: string[]): string => parts.join(GAP);
const rule = (...parts: string[]): RegExp => new RegExp(parts.join(""), "gu");

const EN_TYPE_NOUN = oneOf(
  wordList(`service | team | department | group | squad | project | app | platform | system | bug | ticket | issue |
    request | task | process | program | programme | pilot | initiative | study | case | campaign | product | game |
    store | unit | guild | lab | shop | faculty | clinic | ward`),
);
// The type words a capitalised name may carry after it: those entityKey strips (EN_TYPE_WORDS).
const EN_NAME_TYPE = `(?:${[...EN_TYPE_WORDS].filter((w) => w !== "city").join("|")})`;
const CAPITALISED_WORD = "[A-Z][\\w.+#&-]{0,30}";
const NAME_WORD = "[A-Z0-9][\\w.+#&-]{0,30}";
const LOWER_WORD = "[a-z][\\w-]{1,20}";
// A capitalised name may carry its type after it ("the Atlas project", "the Kite app"):
// entityKey drops the type word, so "Atlas" and "the Atlas project" are one entity.
const CAPITALISED_NAME = `${CAPITALISED_WORD}${upTo(3, GAP + NAME_WORD)}(?:${GAP}${EN_NAME_TYPE}\\b)?`;
const TYPED_PHRASE = `${LOWER_WORD}${upTo(2, GAP + LOWER_WORD)}${GAP}${EN_TYPE_NOUN}`;
const EN_NAME = `\\b(?:[Tt]he${GAP}user|(?:(?:[Tt]he|[Oo]ur|[Tt]heir)${GAP})?(?:${CAPITALISED_NAME}|${TYPED_PHRASE}))`;
const EN_TYPED = `(?:(?:project|team|client|customer|service|app)${GAP})?${EN_NAME}`;

interface Rule {
  /**
   * Words without which `pattern` cannot match (its verb phrase): tested first, so a sentence
   * pays for the full pattern only when it has the verb. A test checks the implication on every
   * sentence of the relation tests and the eval sets.
   */
  trigger: RegExp;
  pattern: RegExp;
  /** Builds the relation from the match groups. */
  relation: (m: RegExpMatchArray) => Relation | undefined;
}

const rel = (subject: string | undefined, predicate: string, object: string | undefined): Relation | undefined =>
  subject && object ? { subject: subject.trim(), predicate, object: object.trim() } : undefined;

const LEAD_VERBS = ["leads", "runs", "manages", "heads", "owns", "oversees", "coordinates", "directs"];
const LEAD_NOUNS = "(?:lead|owner|manager|head|pm)";
const POSSESSIVE = "(?:'s|’s)";
const HEDGE = "(?:basically\\s{1,2}|really\\s{1,2}|just\\s{1,2}|actually\\s{1,2}|still\\s{1,2})?";
const GROUP_NOUNS = "(?:team|department|group|squad)";
const STATUS_WORDS = "fixed|closed|resolved|done|merged|cancell?ed|open|pending|reopened";

export const EN_RULES: readonly Rule[] = [
  {
    // "Odile leads Atlas", "Bob runs the billing service", "Mei is in charge of project Kite"
    trigger: new RegExp(
      `\\b${oneOf([...LEAD_VERBS, "charge", "responsible", "leading", "running", "lead", "owner", "manager", "head"])}\\b`,
      "u",
    ),
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        oneOf([
          ...LEAD_VERBS,
          "is (?:in charge of|responsible for|leading|running|the (?:lead|owner|manager|head) (?:of|on))",
        ]),
        `(${EN_TYPED})`,
      ),
    ),
    relation: (m) => rel(m[1], "leads", m[2]),
  },
  {
    // "Atlas is Odile's project", "the lead of Atlas is Odile", "Atlas's owner is Odile"
    trigger: /\b(?:lead|owner|manager|head|pm)\b|['’]s\s{1,2}(?:project|baby|team|thing|show)/u,
    pattern: rule(
      "(?:",
      seq(phrase(`the ${LEAD_NOUNS} (?:of|on)`), `(${EN_TYPED})`, "is", `(${EN_NAME})`),
      "|",
      seq(`(${EN_TYPED})${POSSESSIVE}`, LEAD_NOUNS, "is", `(${EN_NAME})`),
      "|",
      seq(`(${EN_TYPED})`, "is", `${HEDGE}(${EN_NAME})${POSSESSIVE}`, "(?:project|baby|team|thing|show)"),
      ")",
    ),
    relation: (m) => (m[1] ? rel(m[2], "leads", m[1]) : m[3] ? rel(m[4], "leads", m[3]) : rel(m[6], "leads", m[5])),
  },
  {
    // "Bob works in the payments team", "Mei is on the data team", "Raj joined the infra group"
    trigger: /\b(?:works|is|sits|belongs)\s{1,2}(?:in|on|with|to)\b|\b(?:joined|moved)\s/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        "(?:works|is|sits|belongs)",
        "(?:in|on|with|to)",
        `(${seq(EN_NAME, GROUP_NOUNS)}|${seq("the", EN_NAME)})`,
      ),
      "|",
      seq(
        `(${EN_TYPED})`,
        `(?:joined|${phrase("moved to")})`,
        `(${seq(EN_NAME, GROUP_NOUNS)}|${seq("the", "[a-z][\\w-]{1,20}", GROUP_NOUNS)})`,
      ),
    ),
    relation: (m) => (m[1] ? rel(m[1], "member_of", m[2]) : rel(m[3], "member_of", m[4])),
  },
  {
    // "Atlas uses PostgreSQL", "the billing service sits on Postgres", "Kite is built on Rust"
    trigger: /\b(?:uses|using|runs\s{1,2}on|sits\s{1,2}on|built|running|hosted|is\s{1,2}on|depends|stores)\b/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        oneOf([
          "uses",
          "is using",
          "runs on",
          "sits on",
          "is (?:built|running|hosted) (?:on|in|with)",
          "is on",
          "depends on",
          "stores (?:its )?data in",
        ]),
        `(${EN_NAME})`,
      ),
    ),
    relation: (m) => rel(m[1], "uses", m[2]),
  },
  {
    // "Atlas is the billing service", "Kite is basically our data platform": two names, one thing.
    trigger: /\bis\s{1,2}(?:(?:just|basically|actually|really)\s{1,2})?(?:the|our)\s/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        "is",
        "(?:just\\s{1,2}|basically\\s{1,2}|actually\\s{1,2}|really\\s{1,2})?(?:the|our)",
        `(${seq(`[a-z][\\w-]{1,20}${upTo(2, `${GAP}[a-z][\\w-]{1,20}`)}`, "(?:service|team|project|app|platform|system|tool|product)")})\\b`,
      ),
    ),
    relation: (m) => rel(m[1], "same_as", m[2]),
  },
  {
    // "the reading circle is funded by Pellham Bank", "the study got paid for by Brambleton Trust"
    trigger: /\b(?:funded|paid|sponsored|financed|bankrolled|funds|sponsors|pays|finances)\b/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        "(?:is|was|gets|got)",
        oneOf(["funded", "paid for", "sponsored", "financed", "bankrolled"]),
        "by",
        `(?:${phrase("a grant from")}${GAP})?(${EN_NAME})`,
      ),
      "|",
      seq(`(${EN_NAME})`, oneOf(["funds", "sponsors", "pays for", "finances"]), `(${EN_TYPED})`),
    ),
    relation: (m) => (m[1] ? rel(m[1], "funded_by", m[2]) : rel(m[4], "funded_by", m[3])),
  },
  {
    // "Driftwood was published by Greyquill", "Greyquill publishes Driftwood"
    trigger: /\b(?:published|publishes|publishing)\b/u,
    pattern: rule(
      seq(`(${EN_TYPED})`, "(?:is|was)", `(?:getting${GAP}|being${GAP})?published`, "by", `(${EN_NAME})`),
      "|",
      seq(`(${EN_NAME})`, oneOf(["publishes", "is publishing"]), `(${EN_TYPED})`),
    ),
    relation: (m) => (m[1] ? rel(m[1], "published_by", m[2]) : rel(m[4], "published_by", m[3])),
  },
  {
    // "the design group works from the Oslo office", "the choir operates out of the Leeds campus"
    trigger: /\s(?:office|campus|building|site)/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        "(?:sits|is|works|operates)",
        `(?:run${GAP})?${oneOf(["in", "out of", "from"])}`,
        `(?:the${GAP})?(${EN_NAME})`,
        "(?:office|campus|building|site)",
      ),
    ),
    relation: (m) => rel(m[1], "located_in", m[2]),
  },
  {
    // "Bob lives in Osaka", "Emma moved to Lyon", "Raj is based in Hobart"
    trigger: /\b(?:lives|lived|moved|relocated|based|living|settled)\s{1,2}(?:in|to)\b/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        oneOf(["lives", "lived", "moved", "relocated", "is based", "is living", "settled"]),
        "(?:in|to)",
        `(${EN_NAME})`,
      ),
    ),
    relation: (m) => rel(m[1], "lives_in", m[2]),
  },
  {
    // "Bob works at Initech", "Emma works for Globex"
    trigger: /\b(?:works|worked|working)\s{1,2}(?:at|for)\b/u,
    pattern: rule(seq(`(${EN_TYPED})`, oneOf(["works", "worked", "is working"]), "(?:at|for)", `(${EN_NAME})`)),
    relation: (m) => rel(m[1], "works_at", m[2]),
  },
  {
    // "Bob reports to Carol", "Bob's manager is Carol"
    trigger: /\breports\s{1,2}to\b|['’]s\s{1,2}(?:manager|boss|supervisor)\s/u,
    pattern: rule(
      seq(`(${EN_TYPED})`, "reports", "to", `(${EN_NAME})`),
      "|",
      seq(`(${EN_NAME})${POSSESSIVE}`, "(?:manager|boss|supervisor)", "is", `(${EN_NAME})`),
    ),
    relation: (m) => (m[1] ? rel(m[1], "reports_to", m[2]) : rel(m[3], "reports_to", m[4])),
  },
  {
    // "Atlas is for Globex", "Kite is a project for Acme"
    trigger: /\bis\s{1,2}(?:a\s{1,2}(?:project|build|job)\s{1,2})?for\s/u,
    pattern: rule(
      seq(
        `(${EN_TYPED})`,
        "is",
        `(?:${seq("a", "(?:project|build|job)")}${GAP})?for`,
        `(?:${phrase("the client")}${GAP})?(${EN_NAME})`,
      ),
    ),
    relation: (m) => rel(m[1], "for_client", m[2]),
  },
  {
    // "the login bug is fixed", "ticket 482 was closed", "the refund request is still open"
    trigger: new RegExp(STATUS_WORDS, "u"),
    pattern: rule(
      seq(
        `(${EN_TYPED}(?:${GAP}(?:bug|ticket|issue|request|task))?)`,
        `(?:is|was|got|${phrase("has been")})`,
        `(?:finally${GAP}|now${GAP}|still${GAP})?(${STATUS_WORDS})`,
      ),
    ),
    relation: (m) => rel(m[1], "status", STATUS_OF[m[2]!.toLowerCase()] ?? m[2]),
  },
];

const STATUS_OF: Record<string, string> = {
  fixed: "closed",
  closed: "closed",
  resolved: "closed",
  done: "closed",
  merged: "closed",
  canceled: "closed",
  cancelled: "closed",
  open: "open",
  pending: "open",
  reopened: "open",
};

// "The user's colleague Bob …": the relation of a named person to the user.
const EN_PERSON_OF_USER = new RegExp(
  `\\b[Tt]he user(?:'s|’s) (${alternation(PERSON_WORDS.en)}) ([A-Z][\\w-]{0,30}(?: [A-Z][\\w-]{0,30})?(?: [A-Z][\\w-]{0,30})?)`,
  "gu",
);

// ---- Chinese --------------------------------------------------------------------------------

// A Chinese or Latin name of 1–12 characters. Particles and pronouns that precede names are
// trimmed afterwards (trimZh), because a name has no delimiter in Chinese.
const ZH_NAME = "[\\p{Script=Han}A-Za-z0-9·_-]{1,16}";
export const ZH_RULES: readonly Rule[] = [
  {
    // 王磊负责天穹项目、天穹由王磊负责、王磊带天穹
    trigger: /负责|主管|牵头|带/u,
    pattern: new RegExp(`(${ZH_NAME})(?:在|目前|现在)?(?:负责(?!人)|主管|牵头|带着|带)(?:的是)?(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[1]), "leads", trimZh(m[2])),
  },
  {
    trigger: /负责|牵头|主管|在管|带/u,
    pattern: new RegExp(`(${ZH_NAME})(?:项目)?(?:由|是)(${ZH_NAME}?)(?:负责|牵头|主管|在管|带)`, "gu"),
    relation: (m) => rel(trimZh(m[2]), "leads", trimZh(m[1])),
  },
  {
    // 天穹的负责人是王磊、天穹项目负责人是王磊
    trigger: /(?:负责人|项目经理|owner|主管|老大)(?:是|为|换成)/u,
    pattern: new RegExp(`(${ZH_NAME}?)的?(?:负责人|项目经理|owner|主管|老大)(?:是|为|换成了|换成)(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[2]), "leads", trimZh(m[1])),
  },
  {
    // 王磊在支付组、王磊那边是结算组的、王磊属于数据部、小林加入了基础架构组
    trigger: /组|部门|团队|事业部|中心/u,
    pattern: new RegExp(
      `(${ZH_NAME}?)(?:那边)?(?:在|是|属于|加入了|调到了|调去了|去了)(${ZH_NAME}?(?:组|部门|团队|小组|事业部|中心))的?`,
      "gu",
    ),
    relation: (m) => rel(trimZh(m[1]), "member_of", trimZh(m[2])),
  },
  {
    // 天穹用的是瀚海数据库、天穹使用MySQL、天穹跑在阿里云上、天穹基于Go (用户 is the user, not 用)
    trigger: /用(?!户)|使用|采用|基于|跑在|部署在/u,
    pattern: new RegExp(
      `(${ZH_NAME}?)(?:项目)?(?:用的是|用了|使用|采用|基于|跑在|部署在|用(?!户))(${ZH_NAME})(?:上|来做|做)?`,
      "gu",
    ),
    relation: (m) => rel(trimZh(m[1]), "uses", trimZh(m[2])),
  },
  {
    // 结算组的老大是孟川、展馆的甲方是云岭文化公司、法务组一直是唐主任在管
    trigger: /的(?:老大|头儿|头|主任|组长|部长|总监|负责人)(?:是|叫)/u,
    pattern: new RegExp(`(${ZH_NAME}?)的(?:老大|头儿|头|主任|组长|部长|总监|负责人)(?:是|叫)(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[2]), "leads", trimZh(m[1])),
  },
  {
    trigger: /的(?:甲方|客户|业主)(?:是|叫)/u,
    pattern: new RegExp(`(${ZH_NAME}?)的(?:甲方|客户|业主)(?:是|叫)(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[1]), "for_client", trimZh(m[2])),
  },
  {
    // 雁阵的算力租的是星河云、蜂鸟主控选了恒芯
    trigger: /租的是|选了|选的是|定了|买的是/u,
    pattern: new RegExp(
      `(${ZH_NAME}?)(?:的)?(?:[\\p{Script=Han}]{1,4})?(?:租的是|选了|选的是|定了|买的是)(${ZH_NAME})`,
      "gu",
    ),
    relation: (m) => rel(trimZh(m[1]), "uses", trimZh(m[2])),
  },
  {
    // 天穹就是那个结算系统、天穹其实就是我们的计费平台
    trigger: /就是|即/u,
    pattern: new RegExp(`(${ZH_NAME}?)(?:就是|也就是|其实就是|即)(?:我们的|那个|咱们的)?(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[1]), "same_as", trimZh(m[2])),
  },
  {
    // 王磊搬到了杭州、王磊住在杭州、王磊在杭州工作 (the place, not the employer)
    trigger: /搬到|搬去|住在|定居在|常驻|驻扎在/u,
    pattern: new RegExp(`(${ZH_NAME}?)(?:搬到了|搬到|搬去了|搬去|住在|定居在|常驻|驻扎在)(${ZH_NAME})`, "gu"),
    relation: (m) => rel(trimZh(m[1]), "lives_in", trimZh(m[2])),
  },
  {
    // 王磊向李娜汇报、王磊的领导是李娜
    trigger: /汇报|的(?:领导|上级|老板|直属领导)是/u,
    pattern: new RegExp(
      `(${ZH_NAME}?)(?:向|给)(${ZH_NAME})汇报|(${ZH_NAME}?)的(?:领导|上级|老板|直属领导)是(${ZH_NAME})`,
      "gu",
    ),
    relation: (m) =>
      m[1] ? rel(trimZh(m[1]), "reports_to", trimZh(m[2])) : rel(trimZh(m[3]), "reports_to", trimZh(m[4])),
  },
  {
    // 天穹是给华信做的、天穹的客户是华信
    trigger: /是给|是为|的客户是/u,
    pattern: new RegExp(`(${ZH_NAME}?)(?:是给|是为)(${ZH_NAME})做的|(${ZH_NAME}?)的客户是(${ZH_NAME})`, "gu"),
    relation: (m) =>
      m[1] ? rel(trimZh(m[1]), "for_client", trimZh(m[2])) : rel(trimZh(m[3]), "for_client", trimZh(m[4])),
  },
  {
    // 登录那个bug修好了、采购单走完了、那个工单关了、这个问题还没解决
    trigger:
      /修好了|修复了|解决了|关了|关闭了|走完了|搞定了|办完了|完成了|撤销了|取消了|没解决|没修好|没关|没办完|没完成|开着/u,
    pattern: new RegExp(
      `(${ZH_NAME}?)(?:终于|已经|总算|还没有|还没|没有|仍然|还是)?(修好了|修复了|解决了|关了|关闭了|走完了|搞定了|办完了|完成了|撤销了|取消了|没解决|没修好|没关|没办完|没完成|开着)`,
      "gu",
    ),
    relation: (m) => rel(trimZh(m[1]), "status", /没|开着/u.test(m[2]!) ? "open" : "closed"),
  },
];

// "用户的同事王磊": a person's relation to the user.
const ZH_RELATIONS = alternation(PERSON_WORDS.zh.filter((w) => /^\p{Script=Han}+$/u.test(w) && !w.startsWith("我")));
const ZH_PERSON_OF_USER = new RegExp(`用户的(${ZH_RELATIONS})([\\p{Script=Han}]{2,3}|[A-Za-z][\\w-]{0,20})`, "gu");
// A Chinese given name is two or three characters; a third that usually opens a predicate
// (负责、搬到、在、是…) belongs to the clause after the name.
const ZH_CLAUSE_START = /[负搬住在是说去来和跟的也都还要想喜做用买带向给从把被就已刚又很]$/u;

// Words that open a Chinese clause but are not part of a name, trimmed from an entity's front;
// and particles trimmed from its end.
const ZH_LEADING = new RegExp(
  `^(?:用户的?(?:${ZH_RELATIONS})?|用户说|用户提到|用户|他们|她们|我们|他|她|它|那边|这边|(?:那|这)(?:个|张|件|条|份|次|位|家|笔)?|现在|目前|其实|就是|说|而且|并且|因为|所以|但是|不过|也|都|还|又|和|跟|与|的)`,
  "u",
);
const ZH_TRAILING = /(?:那边|这边|这个|那个|现在|目前|直接|一直|也|都|还|就|的|了|呢|吧|啊|呀|上)$/u;
/** Strip a pattern from one end as long as it matches, a bounded number of times. */
const stripRepeatedly = (text: string, pattern: RegExp): string => {
  let out = text;
  for (let i = 0; i < 6; i++) {
    const next = out.replace(pattern, "");
    if (next === out) break;
    out = next;
  }
  return out;
};

function trimZh(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/^用户(?:说|提到|自己|本人)?$/u.test(text)) return "user";
  let name = stripRepeatedly(stripRepeatedly(text, ZH_LEADING), ZH_TRAILING);
  // A name ends where the next clause starts; the longest names kept are 12 characters.
  if (name.length > 12) name = name.slice(-12);
  return name.length >= 1 && !/^\p{P}{1,40}$/u.test(name) ? name : undefined;
}

// ---- the reader -----------------------------------------------------------------------------

// A record's content is read again each time the record is put (a usage update, a supersession):
// the last few readings are reused. Bounded, so memory stays flat; the relations are shared, so frozen.
const RECENT = new RecentLists<Relation>(512);

/**
 * The relations one memory's sentence states, at most {@link MAX_RELATIONS}, each once. The
 * assistant's suggestions are not facts about the world: a sentence attributed to the assistant
 * yields none.
 * @example
 * relationsOf("The user's colleague Bob leads project Atlas");
 * // [{ subject: "user", predicate: "relation", object: "Bob" }, { subject: "Bob", predicate: "leads", object: "project Atlas" }]
 * relationsOf("用户说天穹用的是瀚海数据库");
 * // [{ subject: "天穹", predicate: "uses", object: "瀚海数据库" }]
 */
export function relationsOf(content: string): Relation[] {
  return RECENT.get(content, () => readRelations(content));
}

function readRelations(content: string): Relation[] {
  const text = content.normalize("NFC").slice(0, 2000);
  const out: Relation[] = [];
  const seen = new Set<string>();
  const add = (relation: Relation | undefined) => {
    if (!relation || out.length >= MAX_RELATIONS) return;
    const s = entityKey(relation.subject);
    const o = relation.predicate === "status" ? relation.object : entityKey(relation.object);
    if (!s || !o || s === o) return;
    const id = `${s}\u0000${relation.predicate}\u0000${o}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push(relation);
  };
  for (const sentence of text.split(/(?<=[.!?;。！？；])\s{0,3}/u)) {
    if (/^(?:the assistant|assistant|助手|ai)\b|^(?:助手|AI)(?:推荐|建议|说|提到|认为|觉得)/iu.test(sentence.trim()))
      continue;
    const han = /\p{Script=Han}/u.test(sentence);
    for (const m of sentence.matchAll(han ? ZH_PERSON_OF_USER : EN_PERSON_OF_USER))
      add({
        subject: "user",
        predicate: "relation",
        object: han && m[2]!.length === 3 && ZH_CLAUSE_START.test(m[2]!) ? m[2]!.slice(0, 2) : m[2]!,
      });
    // "The user's colleague Bob leads Atlas": the person is the subject of what follows.
    const plain = sentence
      .replace(/\b[Tt]he user(?:'s|’s) [a-z-]{2,20} (?=[A-Z])/gu, "")
      .replace(/^(?:The user (?:said|says|mentioned|noted|told the assistant)(?: that)? )/u, "")
      .replace(/^用户(?:说|提到|表示|告诉助手)(?:了)?[，,]?/u, "");
    for (const rule of han ? ZH_RULES : EN_RULES) {
      if (!rule.trigger.test(plain)) continue;
      for (const m of plain.matchAll(rule.pattern)) add(rule.relation(m));
      if (out.length >= MAX_RELATIONS) break;
    }
  }
  return out;
}
