/**
 * A bilingual scenario fixture: short assistant conversations (Chinese and English) in which a
 * user states preferences, facts, todos, events and changes of mind, followed by questions
 * phrased the way a later turn would ask. Each question names the message ids whose memories
 * should be recalled (`expected`) and, for conflicts, the ids of the outdated statement that
 * must no longer be recalled (`stale`).
 *
 * Every scenario also comes in variants written without looking at the extraction or conflict
 * rules: paraphrases (the same facts and changes in other natural words, so a rule fitted to
 * one sentence fails them) and negatives (near-miss wordings: a mention, a plan, a question,
 * someone else's change or a one-off, which must not supersede, override or be stored).
 */

export type ScenarioCategory = "preference" | "fact" | "todo" | "episode" | "conflict" | "procedure";

export interface ScenarioMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** The speaker, in a group chat. */
  name?: string;
}

export interface ScenarioQuestion {
  query: string;
  expected: string[];
  stale?: string[];
  /** Message ids no active memory may cite (a near-miss that must not be stored). */
  absent?: string[];
}

export interface Scenario {
  id: string;
  language: "zh" | "en";
  category: ScenarioCategory;
  /** Each session is one `remember` call; sessions are a week apart, starting at `start`. */
  sessions: ScenarioMessage[][];
  questions: ScenarioQuestion[];
  /** Set on a variant: the scenario it rewords and how. */
  variant?: { of: string; kind: "paraphrase" | "negative" };
}

export const SCENARIO_START = "2024-05-06T09:30:00+08:00";

const u = (id: string, content: string): ScenarioMessage => ({ id, role: "user", content });
const a = (id: string, content: string): ScenarioMessage => ({ id, role: "assistant", content });

export const BASE_SCENARIOS: Scenario[] = [
  {
    id: "zh-cilantro",
    language: "zh",
    category: "preference",
    sessions: [
      [
        u("m1", "帮我推荐几家附近的外卖吧"),
        a("m2", "好的，你有什么口味偏好吗？"),
        u("m3", "我不吃香菜，点外卖记得备注。"),
      ],
    ],
    questions: [{ query: "帮我点一份午饭外卖，有什么要注意的？", expected: ["m3"] }],
  },
  {
    id: "zh-team",
    language: "zh",
    category: "fact",
    sessions: [[u("m1", "我们团队有 8 个人，项目代号是凤凰。"), a("m2", "明白了，凤凰项目 8 人团队。")]],
    questions: [
      { query: "团队规模有多大？", expected: ["m1"] },
      { query: "我们的项目叫什么？", expected: ["m1"] },
    ],
  },
  {
    id: "zh-deadline",
    language: "zh",
    category: "todo",
    sessions: [[u("m1", "月底之前我要提交季度报告，别让我忘了。"), a("m2", "好的，我会提醒你。")]],
    questions: [{ query: "季度报告什么时候交？", expected: ["m1"] }],
  },
  {
    id: "zh-apple",
    language: "zh",
    category: "conflict",
    sessions: [[u("m1", "我喜欢吃苹果，每天一个。")], [u("m2", "我最近不吃苹果了，血糖有点高。")]],
    questions: [{ query: "我现在还吃苹果吗？", expected: ["m2"], stale: ["m1"] }],
  },
  {
    id: "zh-trip",
    language: "zh",
    category: "episode",
    sessions: [
      [u("m1", "上周我去杭州出差了，见了两个客户。"), a("m2", "出差顺利吗？"), u("m3", "挺顺利的，签了一个新合同。")],
    ],
    questions: [{ query: "我什么时候去的杭州？", expected: ["m1"] }],
  },
  {
    id: "zh-language",
    language: "zh",
    category: "preference",
    sessions: [[u("m1", "以后都用中文回复我。"), a("m2", "好的，以后我会用中文回复。")]],
    questions: [{ query: "回复用什么语言？", expected: ["m1"] }],
  },
  {
    id: "zh-allergy",
    language: "zh",
    category: "preference",
    sessions: [[u("m1", "我对花生过敏，一点都不能碰。")]],
    questions: [{ query: "做菜时我有什么饮食禁忌？", expected: ["m1"] }],
  },
  {
    id: "zh-job",
    language: "zh",
    category: "fact",
    sessions: [[u("m1", "我叫李雷，在字节跳动工作，是一名产品经理。"), a("m2", "你好李雷！")]],
    questions: [
      { query: "我是做什么工作的？", expected: ["m1"] },
      { query: "我在哪家公司上班？", expected: ["m1"] },
    ],
  },
  {
    id: "zh-wechat",
    language: "zh",
    category: "conflict",
    sessions: [
      [u("m1", "我不用微信沟通，有事发邮件。")],
      [u("m2", "再说一次，我不用微信沟通。")],
      [u("m3", "我不用微信沟通。"), u("m4", "这次发微信也行。")],
    ],
    questions: [{ query: "平时怎么联系我？", expected: ["m1", "m2", "m3"] }],
  },
  {
    id: "zh-migration",
    language: "zh",
    category: "procedure",
    sessions: [[u("m1", "我们约定：所有数据库迁移必须先跑 make gen。")]],
    questions: [{ query: "做数据库迁移之前要做什么？", expected: ["m1"] }],
  },
  {
    id: "zh-daughter",
    language: "zh",
    category: "fact",
    sessions: [
      [
        u("m1", "今天好累啊"),
        a("m2", "辛苦了，发生什么事了？"),
        u("m3", "我女儿今年上小学一年级了，每天早上要送她上学。"),
      ],
    ],
    questions: [{ query: "我的孩子在读几年级？", expected: ["m3"] }],
  },
  {
    id: "en-vegetarian",
    language: "en",
    category: "preference",
    sessions: [
      [
        u("m1", "Can you suggest some dinner recipes?"),
        a("m2", "Sure! Any dietary restrictions?"),
        u("m3", "I'm vegetarian, so no meat please."),
      ],
    ],
    questions: [{ query: "Any dietary restrictions I should know about when suggesting recipes?", expected: ["m3"] }],
  },
  {
    id: "en-codename",
    language: "en",
    category: "fact",
    sessions: [[u("m1", "My project's codename is Phoenix and we ship on June 3.")]],
    questions: [
      { query: "What is the project called?", expected: ["m1"] },
      { query: "When is the release?", expected: ["m1"] },
    ],
  },
  {
    id: "en-passport",
    language: "en",
    category: "todo",
    sessions: [[u("m1", "Remind me to renew my passport by the end of the month."), a("m2", "Will do.")]],
    questions: [{ query: "What do I need to do about my passport?", expected: ["m1"] }],
  },
  {
    id: "en-moved",
    language: "en",
    category: "conflict",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "I moved to Seattle last month, and I live in Seattle now.")]],
    questions: [{ query: "Which city do I live in?", expected: ["m2"], stale: ["m1"] }],
  },
  {
    id: "en-style",
    language: "en",
    category: "preference",
    sessions: [
      [
        u("m1", "From now on, I prefer concise answers with the code first."),
        a("m2", "Got it, concise and code first."),
      ],
    ],
    questions: [{ query: "How should you format your replies to me?", expected: ["m1"] }],
  },
  {
    id: "en-wedding",
    language: "en",
    category: "episode",
    sessions: [
      [u("m1", "My sister Anna is getting married in Lisbon next June."), a("m2", "Congratulations to Anna!")],
    ],
    questions: [{ query: "When is my sister's wedding?", expected: ["m1"] }],
  },
  {
    id: "en-lint",
    language: "en",
    category: "procedure",
    sessions: [[u("m1", "We agreed to always run the linter before pushing to main.")]],
    questions: [{ query: "What should happen before I push code?", expected: ["m1"] }],
  },
  {
    id: "en-cello",
    language: "en",
    category: "fact",
    sessions: [
      [
        u("m1", "I've been learning the cello for two years and I practice every morning."),
        a("m2", "That's wonderful!"),
      ],
    ],
    questions: [{ query: "What instrument do I play?", expected: ["m1"] }],
  },
  {
    id: "en-coffee-tea",
    language: "en",
    category: "conflict",
    sessions: [
      [u("m1", "I drink coffee every morning.")],
      [u("m2", "I switched to green tea, I don't drink coffee anymore.")],
    ],
    questions: [{ query: "What do I drink in the morning?", expected: ["m2"], stale: ["m1"] }],
  },
  {
    id: "mixed-peanut",
    language: "en",
    category: "preference",
    sessions: [[u("m1", "I'm allergic to peanuts.")]],
    questions: [{ query: "我对什么过敏？", expected: ["m1"] }],
  },
  {
    id: "zh-profile",
    language: "zh",
    category: "fact",
    sessions: [
      [
        u("m1", "你好呀"),
        a("m2", "你好！今天想聊点什么？"),
        u("m3", "我上个月刚搬到杭州，现在住在西湖区。"),
        a("m4", "杭州很美！适应得怎么样？"),
        u("m5", "还不错。我养了一只猫，叫年糕，特别黏人。"),
        a("m6", "年糕这个名字好可爱。"),
        u("m7", "平时每周三晚上我会去打羽毛球。"),
        a("m8", "运动习惯很好。"),
        u("m9", "对了，我对芒果过敏，推荐甜品的时候注意一下。"),
        a("m10", "好的，我记住了。"),
        u("m11", "下个月我要和女朋友去日本旅行。"),
        a("m12", "听起来很棒！"),
      ],
    ],
    questions: [
      { query: "我的宠物叫什么名字？", expected: ["m5"] },
      { query: "我平时做什么运动？", expected: ["m7"] },
      { query: "推荐甜点时要避开什么？", expected: ["m9"] },
      { query: "我什么时候去日本？", expected: ["m11"] },
      { query: "我住在哪个城市？", expected: ["m3"] },
    ],
  },
  {
    id: "zh-moved",
    language: "zh",
    category: "conflict",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "我上个月搬到上海了，现在住在上海。")]],
    questions: [{ query: "我现在住在哪里？", expected: ["m2"], stale: ["m1"] }],
  },
  {
    id: "zh-guitar",
    language: "zh",
    category: "fact",
    sessions: [[u("m1", "最近在忙什么呢"), u("m2", "我最近在学吉他，每天练半小时。"), a("m3", "坚持下去！")]],
    questions: [{ query: "我在学什么乐器？", expected: ["m2"] }],
  },
  {
    id: "zh-dentist",
    language: "zh",
    category: "todo",
    sessions: [
      [u("m1", "下周三下午我要去牙医那里复诊。"), a("m2", "好的，需要我提醒你吗？"), u("m3", "需要，提前一天提醒我。")],
    ],
    questions: [{ query: "我什么时候看牙医？", expected: ["m1"] }],
  },
  {
    id: "zh-group-chat",
    language: "zh",
    category: "fact",
    sessions: [
      [
        { id: "g1", role: "user", name: "小王", content: "我下个月要去成都出差一周。" },
        { id: "g2", role: "user", name: "小李", content: "我女朋友小雨在成都工作，你可以找她吃火锅。" },
        { id: "g3", role: "user", name: "小王", content: "好啊！我最喜欢吃火锅了。" },
        { id: "g4", role: "user", name: "小李", content: "我不太能吃辣，每次都点鸳鸯锅。" },
      ],
    ],
    questions: [
      { query: "小李的女朋友叫什么？", expected: ["g2"] },
      { query: "小王什么时候去成都？", expected: ["g1"] },
      { query: "小李能吃辣吗？", expected: ["g4"] },
    ],
  },
  {
    id: "en-tickets",
    language: "en",
    category: "conflict",
    sessions: [[u("m1", "Our team uses Jira for tickets.")], [u("m2", "We switched from Jira to Linear last month.")]],
    questions: [{ query: "Which tool do we use for tickets?", expected: ["m2"], stale: ["m1"] }],
  },
  {
    id: "en-daughter",
    language: "en",
    category: "fact",
    sessions: [
      [
        u("m1", "hey, quick question about birthday party ideas"),
        a("m2", "Sure! Who is the party for?"),
        u("m3", "My daughter Lily, she just turned 7 last week."),
        a("m4", "Happy birthday to Lily! What does she like?"),
        u("m5", "She's obsessed with dinosaurs and loves drawing."),
        a("m6", "A dinosaur-themed art party could be fun."),
        u("m7", "Great, thanks!"),
      ],
    ],
    questions: [
      { query: "How old is my kid?", expected: ["m3"] },
      { query: "What is my daughter into?", expected: ["m5"] },
    ],
  },
  {
    id: "en-profile",
    language: "en",
    category: "fact",
    sessions: [
      [
        u("m1", "I'm a nurse and I work night shifts at the city hospital."),
        u("m2", "I live in Denver with my husband and two dogs."),
        u("m3", "I can't stand loud restaurants, I prefer quiet places."),
        u("m4", "I'm training for a half marathon in October."),
        u("m5", "Also I'm learning Spanish on Duolingo."),
      ],
    ],
    questions: [
      { query: "What do I do for a living?", expected: ["m1"] },
      { query: "What kind of restaurants should you recommend to me?", expected: ["m3"] },
      { query: "What pets do I have?", expected: ["m2"] },
      { query: "Which race am I preparing for?", expected: ["m4"] },
      { query: "What language am I studying?", expected: ["m5"] },
    ],
  },
  {
    id: "en-first-aid",
    language: "en",
    category: "episode",
    sessions: [
      [
        u("m1", "I went to a first-aid course for new parents yesterday and it was really useful."),
        a("m2", "I'm glad it helped!"),
      ],
    ],
    questions: [{ query: "When did I take the first-aid course?", expected: ["m1"] }],
  },
];

interface VariantSpec {
  of: string;
  kind: "paraphrase" | "negative";
  sessions: ScenarioMessage[][];
  /** The base scenario's questions when left out (the paraphrase keeps its message ids). */
  questions?: ScenarioQuestion[];
}

const VARIANT_SPECS: VariantSpec[] = [
  // zh-cilantro
  {
    of: "zh-cilantro",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "帮我看看附近有什么外卖"),
        a("m2", "好的，有忌口吗？"),
        u("m3", "香菜我吃不了，叫外卖的时候帮我备注一下。"),
      ],
    ],
  },
  {
    of: "zh-cilantro",
    kind: "paraphrase",
    sessions: [[u("m3", "提醒一下，我一点香菜都不碰，外卖单上写上去香菜。")]],
  },
  {
    of: "zh-cilantro",
    kind: "negative",
    sessions: [[u("m1", "我不吃香菜，点外卖记得备注。")], [u("m2", "为什么有人觉得香菜有肥皂味？")]],
    questions: [{ query: "帮我点一份午饭外卖，有什么要注意的？", expected: ["m1"], absent: ["m2"] }],
  },
  // zh-team
  {
    of: "zh-team",
    kind: "paraphrase",
    sessions: [[u("m1", "我们组一共八个人，项目内部叫凤凰。"), a("m2", "收到。")]],
  },
  {
    of: "zh-team",
    kind: "negative",
    sessions: [[u("m1", "我们团队有 8 个人，项目代号是凤凰。")], [u("m2", "隔壁团队有 12 个人，他们的项目叫青龙。")]],
    questions: [
      { query: "团队规模有多大？", expected: ["m1"] },
      { query: "我们的项目叫什么？", expected: ["m1"] },
    ],
  },
  // zh-deadline
  {
    of: "zh-deadline",
    kind: "paraphrase",
    sessions: [[u("m1", "季度报告这个月底前得交上去，到时候记得提醒我。"), a("m2", "好的。")]],
  },
  {
    of: "zh-deadline",
    kind: "negative",
    sessions: [[u("m1", "月底之前我要提交季度报告，别让我忘了。"), u("m2", "季度报告一般要写多少页？")]],
    questions: [{ query: "季度报告什么时候交？", expected: ["m1"], absent: ["m2"] }],
  },
  // zh-apple
  {
    of: "zh-apple",
    kind: "paraphrase",
    sessions: [[u("m1", "我喜欢吃苹果，每天一个。")], [u("m2", "苹果我现在不碰了，医生让我控制血糖。")]],
  },
  {
    of: "zh-apple",
    kind: "paraphrase",
    sessions: [[u("m1", "我喜欢吃苹果，每天一个。")], [u("m2", "每天一个苹果的习惯我已经戒掉了，血糖偏高。")]],
  },
  {
    of: "zh-apple",
    kind: "negative",
    sessions: [[u("m1", "我喜欢吃苹果，每天一个。")], [u("m2", "我妈妈最近不吃苹果了，说太凉。")]],
    questions: [{ query: "我现在还吃苹果吗？", expected: ["m1"] }],
  },
  {
    of: "zh-apple",
    kind: "negative",
    sessions: [[u("m1", "我喜欢吃苹果，每天一个。")], [u("m2", "昨天忘了买，就没吃苹果。")]],
    questions: [{ query: "我现在还吃苹果吗？", expected: ["m1"] }],
  },
  // zh-trip
  {
    of: "zh-trip",
    kind: "paraphrase",
    sessions: [[u("m1", "上个礼拜跑了一趟杭州，出差见了两个客户。"), a("m2", "辛苦了。")]],
  },
  {
    of: "zh-trip",
    kind: "negative",
    sessions: [[u("m1", "上周我去杭州出差了，见了两个客户。")], [u("m2", "我同事这周也去杭州出差了。")]],
    questions: [{ query: "我什么时候去的杭州？", expected: ["m1"] }],
  },
  // zh-language
  {
    of: "zh-language",
    kind: "paraphrase",
    sessions: [[u("m1", "往后跟我说话一律用中文吧。"), a("m2", "好的。")]],
  },
  {
    of: "zh-language",
    kind: "negative",
    sessions: [[u("m1", "以后都用中文回复我。")], [u("m2", "这次用英文回答吧，我要转给外国同事。")]],
    questions: [{ query: "回复用什么语言？", expected: ["m1"] }],
  },
  // zh-allergy
  {
    of: "zh-allergy",
    kind: "paraphrase",
    sessions: [[u("m1", "花生我是碰不得的，一吃就过敏。")]],
  },
  {
    of: "zh-allergy",
    kind: "negative",
    sessions: [[u("m1", "我对花生过敏，一点都不能碰。")], [u("m2", "我同事对虾过敏，聚餐要注意。")]],
    questions: [{ query: "做菜时我有什么饮食禁忌？", expected: ["m1"] }],
  },
  // zh-job
  {
    of: "zh-job",
    kind: "paraphrase",
    sessions: [[u("m1", "我是李雷，目前在字节跳动做产品经理。"), a("m2", "你好！")]],
  },
  {
    of: "zh-job",
    kind: "negative",
    sessions: [[u("m1", "我叫李雷，在字节跳动工作，是一名产品经理。")], [u("m2", "我老婆在腾讯上班，是设计师。")]],
    questions: [
      { query: "我是做什么工作的？", expected: ["m1"] },
      { query: "我在哪家公司上班？", expected: ["m1"] },
    ],
  },
  // zh-wechat
  {
    of: "zh-wechat",
    kind: "paraphrase",
    sessions: [
      [u("m1", "别用微信找我，有事发邮件就行。")],
      [u("m2", "还是那句话，微信我不用。")],
      [u("m3", "微信别发给我。"), u("m4", "今天例外，微信发我也可以。")],
    ],
  },
  {
    of: "zh-wechat",
    kind: "negative",
    sessions: [[u("m1", "我不用微信沟通，有事发邮件。")], [u("m2", "我爸妈只会用微信，给他们发消息得用微信。")]],
    questions: [{ query: "平时怎么联系我？", expected: ["m1"] }],
  },
  // zh-migration
  {
    of: "zh-migration",
    kind: "paraphrase",
    sessions: [[u("m1", "团队定了规矩：数据库迁移之前一律先执行 make gen。")]],
  },
  {
    of: "zh-migration",
    kind: "paraphrase",
    sessions: [[u("m1", "以后改数据库结构，记得先跑一下 make gen 再做迁移。")]],
  },
  {
    of: "zh-migration",
    kind: "negative",
    sessions: [
      [u("m1", "我们约定：所有数据库迁移必须先跑 make gen。")],
      [u("m2", "昨天小张做迁移的时候忘了跑 make gen。")],
    ],
    questions: [{ query: "做数据库迁移之前要做什么？", expected: ["m1"] }],
  },
  // zh-daughter
  {
    of: "zh-daughter",
    kind: "paraphrase",
    sessions: [[u("m1", "累死了"), a("m2", "怎么了？"), u("m3", "闺女今年九月开始读一年级，早上都是我送她。")]],
  },
  {
    of: "zh-daughter",
    kind: "negative",
    sessions: [
      [u("m1", "今天好累啊"), u("m3", "我女儿今年上小学一年级了，每天早上要送她上学。")],
      [u("m4", "我外甥今年上三年级了。")],
    ],
    questions: [{ query: "我的孩子在读几年级？", expected: ["m3"], absent: ["m1"] }],
  },
  // en-vegetarian
  {
    of: "en-vegetarian",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "Dinner ideas?"),
        a("m2", "Sure, anything you avoid?"),
        u("m3", "No meat for me, I've been vegetarian for years."),
      ],
    ],
  },
  {
    of: "en-vegetarian",
    kind: "negative",
    sessions: [
      [u("m1", "I'm vegetarian, so no meat please.")],
      [u("m2", "My brother isn't vegetarian, he'll eat anything.")],
    ],
    questions: [{ query: "Any dietary restrictions I should know about when suggesting recipes?", expected: ["m1"] }],
  },
  // en-codename
  {
    of: "en-codename",
    kind: "paraphrase",
    sessions: [[u("m1", "Internally we call the project Phoenix, and the release is on June 3.")]],
  },
  {
    of: "en-codename",
    kind: "negative",
    sessions: [
      [u("m1", "My project's codename is Phoenix and we ship on June 3.")],
      [u("m2", "Our competitor's project is called Atlas.")],
    ],
    questions: [{ query: "What is the project called?", expected: ["m1"] }],
  },
  // en-passport
  {
    of: "en-passport",
    kind: "paraphrase",
    sessions: [
      [u("m1", "Don't let me forget: my passport needs renewing before the month is out."), a("m2", "Noted.")],
    ],
  },
  {
    of: "en-passport",
    kind: "negative",
    sessions: [
      [
        u("m1", "Remind me to renew my passport by the end of the month."),
        u("m2", "How long does a passport renewal usually take?"),
      ],
    ],
    questions: [{ query: "What do I need to do about my passport?", expected: ["m1"], absent: ["m2"] }],
  },
  // en-moved
  {
    of: "en-moved",
    kind: "paraphrase",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "Just finished relocating to Seattle.")]],
  },
  {
    of: "en-moved",
    kind: "paraphrase",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "We packed up and moved out to Seattle last month.")]],
  },
  {
    of: "en-moved",
    kind: "paraphrase",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "Home is Seattle now, I gave up the Boston apartment.")]],
  },
  {
    of: "en-moved",
    kind: "negative",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "I'm flying to Seattle for a conference next week.")]],
    questions: [{ query: "Which city do I live in?", expected: ["m1"] }],
  },
  {
    of: "en-moved",
    kind: "negative",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "My sister just moved to Seattle.")]],
    questions: [{ query: "Which city do I live in?", expected: ["m1"] }],
  },
  {
    of: "en-moved",
    kind: "negative",
    sessions: [[u("m1", "I live in Boston.")], [u("m2", "I might move to Seattle next year if the job works out.")]],
    questions: [{ query: "Which city do I live in?", expected: ["m1"] }],
  },
  // en-style
  {
    of: "en-style",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "Going forward, keep your answers short and show me the code before any explanation."),
        a("m2", "Will do."),
      ],
    ],
  },
  {
    of: "en-style",
    kind: "negative",
    sessions: [
      [u("m1", "From now on, I prefer concise answers with the code first.")],
      [u("m2", "Can you give me a longer explanation this time?")],
    ],
    questions: [{ query: "How should you format your replies to me?", expected: ["m1"] }],
  },
  // en-wedding
  {
    of: "en-wedding",
    kind: "paraphrase",
    sessions: [[u("m1", "Anna, my sister, has set her wedding for next June in Lisbon."), a("m2", "How lovely!")]],
  },
  {
    of: "en-wedding",
    kind: "negative",
    sessions: [
      [u("m1", "My sister Anna is getting married in Lisbon next June.")],
      [u("m2", "My coworker's wedding is next month in Porto.")],
    ],
    questions: [{ query: "When is my sister's wedding?", expected: ["m1"] }],
  },
  // en-lint
  {
    of: "en-lint",
    kind: "paraphrase",
    sessions: [[u("m1", "Team rule: nobody pushes to main without running the linter first.")]],
  },
  {
    of: "en-lint",
    kind: "negative",
    sessions: [
      [u("m1", "We agreed to always run the linter before pushing to main.")],
      [u("m2", "I forgot to run the linter before pushing yesterday, oops.")],
    ],
    questions: [{ query: "What should happen before I push code?", expected: ["m1"] }],
  },
  // en-cello
  {
    of: "en-cello",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "I've been playing cello for a couple of years now; I practice every morning before work."),
        a("m2", "Nice!"),
      ],
    ],
  },
  {
    of: "en-cello",
    kind: "negative",
    sessions: [
      [u("m1", "I've been learning the cello for two years and I practice every morning.")],
      [u("m2", "My daughter wants to learn the violin.")],
    ],
    questions: [{ query: "What instrument do I play?", expected: ["m1"] }],
  },
  // en-coffee-tea
  {
    of: "en-coffee-tea",
    kind: "paraphrase",
    sessions: [
      [u("m1", "I drink coffee every morning.")],
      [u("m2", "It's green tea in the morning for me now, I gave up coffee.")],
    ],
  },
  {
    of: "en-coffee-tea",
    kind: "paraphrase",
    sessions: [
      [u("m1", "I drink coffee every morning.")],
      [u("m2", "I quit coffee last month; mornings are green tea now.")],
    ],
  },
  {
    of: "en-coffee-tea",
    kind: "negative",
    sessions: [[u("m1", "I drink coffee every morning.")], [u("m2", "My wife switched to green tea.")]],
    questions: [{ query: "What do I drink in the morning?", expected: ["m1"] }],
  },
  {
    of: "en-coffee-tea",
    kind: "negative",
    sessions: [[u("m1", "I drink coffee every morning.")], [u("m2", "I had a green tea this afternoon for a change.")]],
    questions: [{ query: "What do I drink in the morning?", expected: ["m1"] }],
  },
  // mixed-peanut
  {
    of: "mixed-peanut",
    kind: "paraphrase",
    sessions: [[u("m1", "Peanuts make me break out in hives, so I keep away from them.")]],
  },
  {
    of: "mixed-peanut",
    kind: "negative",
    sessions: [[u("m1", "I'm allergic to peanuts.")], [u("m2", "My son is allergic to shellfish.")]],
    questions: [{ query: "我对什么过敏？", expected: ["m1"] }],
  },
  // zh-profile
  {
    of: "zh-profile",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "嗨"),
        a("m2", "嗨，今天怎么样？"),
        u("m3", "上个月刚从外地搬来杭州，现在住西湖区。"),
        a("m4", "欢迎来杭州！"),
        u("m5", "家里有只猫叫年糕，很粘人。"),
        a("m6", "好可爱。"),
        u("m7", "我每个礼拜三晚上都去打羽毛球。"),
        a("m8", "不错。"),
        u("m9", "还有，芒果我吃了会过敏，推荐甜品别选带芒果的。"),
        a("m10", "记下了。"),
        u("m11", "下个月跟女朋友去日本玩一趟。"),
        a("m12", "玩得开心！"),
      ],
    ],
  },
  {
    of: "zh-profile",
    kind: "negative",
    sessions: [
      [u("m3", "我上个月刚搬到杭州，现在住在西湖区。"), u("m5", "我养了一只猫，叫年糕，特别黏人。")],
      [u("m13", "我朋友养了一只狗叫豆豆。"), u("m14", "我哥哥住在南京。")],
    ],
    questions: [
      { query: "我的宠物叫什么名字？", expected: ["m5"] },
      { query: "我住在哪个城市？", expected: ["m3"] },
    ],
  },
  // zh-moved
  {
    of: "zh-moved",
    kind: "paraphrase",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "上个月搬家了，新家在上海。")]],
  },
  {
    of: "zh-moved",
    kind: "paraphrase",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "我已经从北京搬走了，现在定居上海。")]],
  },
  {
    of: "zh-moved",
    kind: "negative",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "下周我去上海出差三天。")]],
    questions: [{ query: "我现在住在哪里？", expected: ["m1"] }],
  },
  {
    of: "zh-moved",
    kind: "negative",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "我弟弟上个月搬到上海了。")]],
    questions: [{ query: "我现在住在哪里？", expected: ["m1"] }],
  },
  {
    of: "zh-moved",
    kind: "negative",
    sessions: [[u("m1", "我住在北京。")], [u("m2", "我在考虑明年要不要搬去上海。")]],
    questions: [{ query: "我现在住在哪里？", expected: ["m1"] }],
  },
  // zh-guitar
  {
    of: "zh-guitar",
    kind: "paraphrase",
    sessions: [[u("m1", "忙啥呢"), u("m2", "这阵子在练吉他，一天半小时。"), a("m3", "加油！")]],
  },
  {
    of: "zh-guitar",
    kind: "negative",
    sessions: [[u("m2", "我最近在学吉他，每天练半小时。")], [u("m4", "我儿子想学钢琴。")]],
    questions: [{ query: "我在学什么乐器？", expected: ["m2"] }],
  },
  // zh-dentist
  {
    of: "zh-dentist",
    kind: "paraphrase",
    sessions: [[u("m1", "下礼拜三下午得去看牙，是复诊。"), a("m2", "要提醒吗？"), u("m3", "要，提前一天。")]],
  },
  {
    of: "zh-dentist",
    kind: "negative",
    sessions: [[u("m1", "下周三下午我要去牙医那里复诊。"), u("m2", "牙医诊所一般几点下班？")]],
    questions: [{ query: "我什么时候看牙医？", expected: ["m1"], absent: ["m2"] }],
  },
  // zh-group-chat
  {
    of: "zh-group-chat",
    kind: "paraphrase",
    sessions: [
      [
        { id: "g1", role: "user", name: "小王", content: "下个月我去成都出差，待一个礼拜。" },
        { id: "g2", role: "user", name: "小李", content: "小雨是我女朋友，在成都上班，你去了找她吃火锅。" },
        { id: "g3", role: "user", name: "小王", content: "好嘞，火锅是我的最爱。" },
        { id: "g4", role: "user", name: "小李", content: "辣的我吃不了，一般都点鸳鸯锅。" },
      ],
    ],
  },
  {
    of: "zh-group-chat",
    kind: "negative",
    sessions: [
      [
        { id: "g4", role: "user", name: "小李", content: "我不太能吃辣，每次都点鸳鸯锅。" },
        { id: "g5", role: "user", name: "小王", content: "我倒是特别能吃辣，越辣越好。" },
      ],
    ],
    questions: [{ query: "小李能吃辣吗？", expected: ["g4"] }],
  },
  // en-tickets
  {
    of: "en-tickets",
    kind: "paraphrase",
    sessions: [
      [u("m1", "Our team uses Jira for tickets.")],
      [u("m2", "We dropped Jira last month, tickets live in Linear now.")],
    ],
  },
  {
    of: "en-tickets",
    kind: "paraphrase",
    sessions: [
      [u("m1", "Our team uses Jira for tickets.")],
      [u("m2", "The team moved all our tickets over to Linear, Jira is gone.")],
    ],
  },
  {
    of: "en-tickets",
    kind: "paraphrase",
    sessions: [
      [u("m1", "Our team uses Jira for tickets.")],
      [u("m2", "We've been tracking tickets in Linear since March, no more Jira.")],
    ],
  },
  {
    of: "en-tickets",
    kind: "negative",
    sessions: [
      [u("m1", "Our team uses Jira for tickets.")],
      [u("m2", "Someone suggested we switch from Jira to Linear, but we're staying on Jira.")],
    ],
    questions: [{ query: "Which tool do we use for tickets?", expected: ["m1"] }],
  },
  {
    of: "en-tickets",
    kind: "negative",
    sessions: [
      [u("m1", "Our team uses Jira for tickets.")],
      [u("m2", "I tried Linear for a side project last weekend.")],
    ],
    questions: [{ query: "Which tool do we use for tickets?", expected: ["m1"] }],
  },
  {
    of: "en-tickets",
    kind: "negative",
    sessions: [[u("m1", "Our team uses Jira for tickets.")], [u("m2", "Should we move from Jira to Linear?")]],
    questions: [{ query: "Which tool do we use for tickets?", expected: ["m1"], absent: ["m2"] }],
  },
  // en-daughter
  {
    of: "en-daughter",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "need some birthday party ideas"),
        a("m2", "Happy to help. Who's it for?"),
        u("m3", "Lily, my daughter, turned seven last week."),
        a("m4", "What is she into?"),
        u("m5", "Dinosaurs are her whole world, and she draws all the time."),
        a("m6", "A dinosaur drawing party, then!"),
        u("m7", "Perfect, thanks!"),
      ],
    ],
  },
  {
    of: "en-daughter",
    kind: "negative",
    sessions: [
      [u("m3", "My daughter Lily, she just turned 7 last week.")],
      [u("m8", "My neighbor's son turned 9 yesterday.")],
    ],
    questions: [{ query: "How old is my kid?", expected: ["m3"] }],
  },
  // en-profile
  {
    of: "en-profile",
    kind: "paraphrase",
    sessions: [
      [
        u("m1", "I work nights as a nurse at the city hospital."),
        u("m2", "Home is Denver, with my husband and our two dogs."),
        u("m3", "Loud restaurants drive me crazy, quiet spots are more my thing."),
        u("m4", "I've got a half marathon in October that I'm training for."),
        u("m5", "Oh, and I'm picking up Spanish on Duolingo."),
      ],
    ],
  },
  {
    of: "en-profile",
    kind: "negative",
    sessions: [
      [
        u("m1", "I'm a nurse and I work night shifts at the city hospital."),
        u("m5", "Also I'm learning Spanish on Duolingo."),
      ],
      [u("m6", "My husband wants to learn Italian someday."), u("m7", "My husband is an accountant.")],
    ],
    questions: [
      { query: "What do I do for a living?", expected: ["m1"] },
      { query: "What language am I studying?", expected: ["m5"] },
    ],
  },
  // en-first-aid
  {
    of: "en-first-aid",
    kind: "paraphrase",
    sessions: [[u("m1", "Yesterday I did a first-aid class for new parents, super useful."), a("m2", "Great!")]],
  },
  {
    of: "en-first-aid",
    kind: "negative",
    sessions: [
      [u("m1", "I went to a first-aid course for new parents yesterday and it was really useful.")],
      [u("m2", "My partner is going to a first-aid course next week.")],
    ],
    questions: [{ query: "When did I take the first-aid course?", expected: ["m1"] }],
  },
];

/** The variants as scenarios of their own, numbered per base and kind (`en-moved~p2`, `en-moved~n1`). */
export const SCENARIO_VARIANTS: Scenario[] = VARIANT_SPECS.map((spec, index) => {
  const base = BASE_SCENARIOS.find((b) => b.id === spec.of);
  if (!base) throw new Error(`variant of an unknown scenario: ${spec.of}`);
  const n = VARIANT_SPECS.slice(0, index + 1).filter((v) => v.of === spec.of && v.kind === spec.kind).length;
  return {
    id: `${spec.of}~${spec.kind === "paraphrase" ? "p" : "n"}${n}`,
    language: base.language,
    category: base.category,
    sessions: spec.sessions,
    questions: spec.questions ?? base.questions,
    variant: { of: spec.of, kind: spec.kind },
  };
});

export const SCENARIOS: Scenario[] = [...BASE_SCENARIOS, ...SCENARIO_VARIANTS];
