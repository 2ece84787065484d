/**
 * Retrieval hints beyond the topic lexicon (seed 003 §3.4: store a few alternative query words
 * with each memory, so a question phrased differently still finds it through the keyword
 * channel). Four sources, all offline:
 *
 * - base forms of the verbs a memory tells in the past ("adopted" → adopt, "ran" → run): a
 *   question asks "When did she adopt…", the memory says "adopted";
 * - the category a life event belongs to ("pharmacist" → career, job; "cello" → instrument,
 *   music; "proposed" → relationship, wedding), since questions name the category;
 * - resolved dates in the words a question uses ("2023-05-07" → May 2023);
 * - the words of the question a statement answers ("What's the cat called?" → "We went with
 *   Pickle" gets cat, called), so a reply that never repeats its topic can still be found.
 *
 * They are packed into one hint string: every hint is also embedded on its own by the store,
 * and one vector per memory is enough for a bag of words.
 */

import { escapeRegExp, wordList } from "../../text/patterns.js";
import { tokenize } from "../../text/tokenizer.js";
import { FAMILY_WORDS } from "./lexicon.js";

/** Longest stored hint (MemoryRecord.retrievalHints items are at most 200 characters). */
const HINT_CHARS = 200;

const IRREGULAR: Record<string, string> = {
  went: "go",
  gone: "go",
  ran: "run",
  got: "get",
  gotten: "get",
  made: "make",
  took: "take",
  taken: "take",
  saw: "see",
  seen: "see",
  came: "come",
  bought: "buy",
  met: "meet",
  left: "leave",
  began: "begin",
  begun: "begin",
  felt: "feel",
  found: "find",
  gave: "give",
  given: "give",
  told: "tell",
  wrote: "write",
  written: "write",
  won: "win",
  lost: "lose",
  paid: "pay",
  kept: "keep",
  heard: "hear",
  became: "become",
  brought: "bring",
  caught: "catch",
  taught: "teach",
  built: "build",
  sold: "sell",
  flew: "fly",
  flown: "fly",
  drove: "drive",
  driven: "drive",
  swam: "swim",
  sang: "sing",
  ate: "eat",
  eaten: "eat",
  drank: "drink",
  fell: "fall",
  chose: "choose",
  broke: "break",
  spoke: "speak",
  threw: "throw",
  grew: "grow",
  drew: "draw",
  wore: "wear",
  held: "hold",
  sent: "send",
  spent: "spend",
  thought: "think",
  said: "say",
  had: "have",
  did: "do",
  done: "do",
  was: "be",
  were: "be",
  sat: "sit",
  stood: "stand",
  slept: "sleep",
  woke: "wake",
  rode: "ride",
  led: "lead",
  fed: "feed",
  hung: "hang",
  dug: "dig",
  hid: "hide",
  shook: "shake",
  fought: "fight",
  tore: "tear",
  torn: "tear",
  learnt: "learn",
  dreamt: "dream",
  read: "read",
  put: "put",
  cut: "cut",
  hit: "hit",
  quit: "quit",
};

/** Base forms of the past and -ing verbs in `text`, both candidates when the spelling is ambiguous. */
export function verbBaseForms(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (IRREGULAR[raw]) {
      out.add(IRREGULAR[raw]!);
      continue;
    }
    const stem = /^(.{3,})ied$/.exec(raw)?.[1] ?? /^(.{2,})(?:ed|ing)$/.exec(raw)?.[1];
    if (!stem) continue;
    if (raw.endsWith("ied")) {
      out.add(`${stem}y`);
    } else if (/([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem)) {
      out.add(stem.slice(0, -1)); // stopped → stop, running → run
    } else if (/[aeiou][b-df-hj-np-tv-z]$|[^aeiou][cgsvz]$|u$/.test(stem)) {
      out.add(stem); // visited → visit, opened → open
      out.add(`${stem}e`); // moved → move, baked → bake
    } else {
      out.add(stem);
    }
  }
  return [...out].filter((w) => w.length > 2 || Object.values(IRREGULAR).includes(w));
}

/** [triggers, English hints, Chinese hints]. Triggers: lowercase English words or phrases, or Chinese words. */
type Concept = readonly [triggers: readonly string[], en: string, zh: string];

// Everyday life domains that questions about a person name by category: each list holds the
// common words of its domain (a category, its usual members and verbs), none taken from the
// conversations the project is measured on.
const CONCEPTS: readonly Concept[] = [
  [
    wordList(`job | jobs | career | profession | occupation | nurse | nurses | teacher | teaching | engineer |
      developer | programmer | designer | doctor | lawyer | chef | cook | paramedic | firefighter | accountant |
      manager | freelance | freelancer | barista | architect | pharmacist | dentist | scientist | researcher |
      journalist | therapist | counselor | counselling | counseling | social worker | intern |
      internship | promoted | promotion | hired | laid off | resigned | coworker | coworkers | colleague |
      colleagues | boss | office | shift | shifts | 工作 | 职业 | 上班 | 护士 | 老师 | 工程师 | 设计师 | 医生 | 律师 |
      厨师 | 经理 | 辞职 | 跳槽 | 升职 | 同事`),
    "job career work profession",
    "工作 职业",
  ],
  [
    wordList(`school | college | university | degree | classes | course | courses | studying | studies | exam |
      exams | graduate | graduated | graduation | applied to | applying to | apply to | application to |
      accepted into | admitted | admission | semester | major | master's | masters | phd | tuition | scholarship |
      学校 | 大学 | 学位 | 课程 | 考试 | 毕业 | 申请 | 录取 | 读书 | 上学 | 年级 | 小学 | 中学`),
    "education school study",
    "教育 学习 学校",
  ],
  [
    wordList(`band | gig | gigs | concert | song | songs | album | ep | guitar | piano | drums | violin |
      cello | saxophone | trumpet | flute | singing | choir | jazz | music | musician | orchestra | 乐队 |
      演出 | 音乐会 | 吉他 | 钢琴 | 小提琴 | 大提琴 | 唱歌 | 音乐`),
    "music instrument band",
    "音乐 乐器",
  ],
  [
    wordList(`marathon | race | running | jog | jogging | gym | workout | yoga | climbing |
      bouldering | swimming | swim | cycling | bike | biking | soccer | football | basketball | tennis | golf | ski |
      skiing | surfing | kayaking | kayak | pilates | 跑步 | 马拉松 | 健身 | 瑜伽 | 攀岩 | 游泳 | 骑行 | 篮球 | 足球 |
      网球 | 滑雪`),
    "sport exercise fitness activity",
    "运动 健身",
  ],
  [
    wordList(`painting | paint | painted | drawing | draw | sketch | sketching | pottery | ceramics | knitting |
      photography | gardening | baking | reading | writing | crafts | crochet | calligraphy | illustration |
      illustrated | hobby | hobbies | 画画 | 绘画 | 陶艺 | 摄影 | 园艺 | 烘焙 | 阅读 | 写作 | 书法 | 爱好`),
    "hobby activity interest",
    "爱好 兴趣",
  ],
  [
    wordList(`camping | camp | tent | hike | hiking | hiked | trail | kayak | kayaking | beach | lake | mountain |
      mountains | national park | fishing | outdoors | outdoor | picnic | 露营 | 徒步 | 爬山 | 海边 | 湖边 | 钓鱼 |
      户外`),
    "outdoor outdoors nature activity",
    "户外 自然",
  ],
  [
    wordList(`dog | dogs | puppy | cat | cats | kitten | pet | pets | labrador | retriever | poodle |
      terrier | shepherd | husky | bulldog | rescue | hamster | rabbit | parrot | 狗 | 猫 | 宠物 | 小狗 |
      小猫`),
    "pet animal",
    "宠物 动物",
  ],
  [
    wordList("labrador | retriever | poodle | terrier | shepherd | husky | bulldog | mixed breed | siamese | persian"),
    "breed kind",
    "品种",
  ],
  [[...FAMILY_WORDS.en, ...FAMILY_WORDS.zh, ...wordList("family | 家人")], "family", "家人 家庭"],
  [
    wordList(`baby | pregnant | pregnancy | due date | newborn | expecting | maternity | boy | girl | twins | 怀孕 |
      宝宝 | 预产期 | 生孩子 | 男孩 | 女孩`),
    "baby pregnancy expecting child",
    "宝宝 怀孕 孩子",
  ],
  [
    wordList(`engagement | proposed | proposal | wedding | married | marry | marriage | fiance | fiancé |
      fiancée | girlfriend | boyfriend | partner | dating | divorce | anniversary | 订婚 | 求婚 | 婚礼 | 结婚 |
      男朋友 | 女朋友 | 对象 | 离婚`),
    "relationship wedding marriage partner",
    "感情 婚礼 结婚",
  ],
  [
    wordList(`moved | move | moving | relocated | relocate | apartment | lease | rent | house | neighborhood | 搬家 |
      搬到 | 租房 | 公寓 | 房子`),
    "move home live residence",
    "搬家 住 居住",
  ],
  [
    wordList(
      `kitchen | renovation | renovate | renovating | remodel | remodeling | tiles | furniture | 装修 | 厨房 | 家具`,
    ),
    "renovation home improvement house",
    "装修 家居",
  ],
  [
    wordList(`trip | travel | traveling | travelling | flight | flew | fly | flying | vacation | holiday | visiting |
      abroad | passport | hotel | tour | journey | 出差 | 旅行 | 旅游 | 机票 | 航班 | 度假 | 签证 | 酒店`),
    "travel trip vacation visit",
    "旅行 出行",
  ],
  [
    wordList(`surgery | hospital | doctor | sick | illness | injury | injured | allergy | allergic | therapy |
      diagnosed | recovering | recovery | pain | medication | checkup | 手术 | 医院 | 生病 | 受伤 | 过敏 |
      康复 | 体检`),
    "health medical",
    "健康 医疗",
  ],
  [
    wordList(`cook | cooking | recipe | recipes | restaurant | pizza | pasta | vegetarian | vegan |
      food | dish | menu | bake | baking | cafe | coffee | 做饭 | 菜谱 | 餐厅 | 素食 | 美食 | 咖啡`),
    "food cooking eating",
    "美食 饮食",
  ],
  [
    wordList(`spanish | french | german | japanese | italian | korean | portuguese | language lessons | lessons |
      fluent | 西班牙语 | 法语 | 德语 | 日语`),
    "language learning",
    "语言 学习",
  ],
  [
    wordList(`design | designer | designing | illustration | invitations | drawing |
      sketch | art | artist | artwork | gallery | museum | 设计 | 海报 | 插画 | 艺术 | 画展`),
    "art design creative",
    "艺术 设计",
  ],
  [
    wordList(`shop | sell | sold | selling | customers | business | sales | startup | entrepreneur | 店 |
      网店 | 生意 | 创业 | 销售`),
    "business selling",
    "生意 创业",
  ],
  [
    wordList(`volunteer | volunteering | charity | donate | donated | food bank | support group | community |
      church | activism | mentor | mentoring | 志愿者 | 公益 | 社区 | 互助小组`),
    "community volunteering support",
    "社区 公益",
  ],
  [
    wordList(`relax | relaxing | unwind | unwinds | destress | de-stress | calm | stress | stressed | self-care |
      meditation | meditate | 放松 | 减压 | 冥想`),
    "relax unwind stress relief",
    "放松 减压",
  ],
  [
    wordList(`birthday | party | anniversary | celebration | celebrate | celebrated | christmas | new year |
      thanksgiving | festival | graduation | 生日 | 聚会 | 纪念日 | 庆祝 | 春节 | 圣诞`),
    "celebration event",
    "庆祝 活动",
  ],
  [
    wordList(`books | novel | novels | movie | movies | film | films | tv show | series | podcast | documentary | 书 |
      小说 | 电影 | 电视剧 | 纪录片`),
    "books media",
    "书 影视",
  ],
  [
    wordList(`want to be a | want to be an | wants to be a | wants to be an | want to become | wants to become |
      dream job | when i grow up | 想成为 | 想当`),
    "career job profession goal",
    "职业 梦想",
  ],
  [
    wordList(`want to become | want to be | dream | dreams | hope to | keen on | interested in | thinking about |
      considering | planning to | plan to | would love to | aspire | goal | goals | 想成为 | 梦想 | 打算 | 计划 |
      希望`),
    "goal plan interest aspiration",
    "目标 计划 打算",
  ],
  [
    wordList("signed up | sign up | registered | register | enrolled | enroll | joined | join | 报名 | 参加 | 加入"),
    "register sign up join enroll",
    "报名 参加",
  ],
  [wordList("adopted | adopt | adoption | 领养 | 收养"), "adopt adoption get", "领养"],
];

interface CompiledConcept {
  en: RegExp | undefined;
  zh: string[];
  hints: { en: string; zh: string };
}

const COMPILED: CompiledConcept[] = CONCEPTS.map(([list, en, zh]) => {
  const english = list.filter((t) => !/\p{Script=Han}/u.test(t)).map(escapeRegExp);
  return {
    en: english.length > 0 ? new RegExp(`(?<![\\w'-])(?:${english.join("|")})(?![\\w-])`, "i") : undefined,
    zh: list.filter((t) => /\p{Script=Han}/u.test(t)),
    hints: { en, zh },
  };
});

/** Category words for the life domains `text` touches, in `language` (and English for Chinese text). */
export function conceptHints(text: string, language: "zh" | "en"): string[] {
  const out: string[] = [];
  for (const concept of COMPILED) {
    if (!(concept.en?.test(text) || concept.zh.some((word) => text.includes(word)))) continue;
    out.push(...(language === "zh" ? `${concept.hints.zh} ${concept.hints.en}` : concept.hints.en).split(" "));
  }
  return out;
}

const MONTHS = [
  ...wordList(`January | February | March | April | May | June | July | August | September | October | November |
    December`),
];

/** "2023-05-07" in content → "May 2023", "2023" (or 2023年5月). */
export function dateHints(content: string, language: "zh" | "en"): string[] {
  const out: string[] = [];
  for (const [, y, m] of content.matchAll(/\b(\d{4})-(\d{2})(?:-\d{2})?\b/g)) {
    const month = Number(m);
    if (month < 1 || month > 12) continue;
    out.push(language === "zh" ? `${y}年${month}月` : `${MONTHS[month - 1]} ${y}`, y!);
  }
  return out;
}

// Words of a question that ask rather than name a topic ("How's it going?", "Since when?").
const QUESTION_FILLER = new Set(
  (
    "how when where why who which whose whom wait since anything everything something nothing else new end up yet still set " +
    "going go goes doing done tell think like lot way thing things time really much many long far ever get got about mean " +
    "sure good great fun nice okay happen happened happening"
  ).split(" "),
);
const QUESTION_HINTS = 5;
// The first few topic words are all that is kept: a long question is read only this far.
const QUESTION_SCAN_CHARS = 1000;

/** The topic words of a question the statement answers ("What kind of dog?" → kind, dog). */
export function questionHints(question: string | undefined, exclude: readonly string[] = []): string[] {
  if (!question) return [];
  const skip = new Set(exclude.map((w) => w.toLowerCase()));
  return tokenize(question.slice(0, QUESTION_SCAN_CHARS))
    .filter((w) => w.length > 2 && !/^\d+$/.test(w) && !skip.has(w) && !QUESTION_FILLER.has(w))
    .slice(0, QUESTION_HINTS);
}

/**
 * Words into one hint of at most 200 characters, none repeated and none already in `content`.
 * @example
 * packHints(["adopt", "pet", "animal", "March 2023"], "Odile adopted a cat on 2023-03-11"); // "adopt pet animal March 2023"
 */
export function packHints(words: readonly string[], content: string): string | undefined {
  const present = new Set(tokenize(content));
  const seen = new Set<string>();
  let out = "";
  for (const word of words) {
    const key = word.toLowerCase();
    if (seen.has(key) || (!key.includes(" ") && present.has(key))) continue;
    seen.add(key);
    const next = out.length === 0 ? word : `${out} ${word}`;
    if (next.length > HINT_CHARS) break;
    out = next;
  }
  return out.length > 0 ? out : undefined;
}
