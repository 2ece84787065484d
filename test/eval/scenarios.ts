/**
 * A bilingual scenario fixture: short assistant conversations (Chinese and English) in which a
 * user states preferences, facts, todos, events and changes of mind, followed by questions
 * phrased the way a later turn would ask. Each question names the message ids whose memories
 * should be recalled (`expected`) and, for conflicts, the ids of the outdated statement that
 * must no longer be recalled (`stale`).
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
}

export interface Scenario {
  id: string;
  language: "zh" | "en";
  category: ScenarioCategory;
  /** Each session is one `remember` call; sessions are a week apart, starting at `start`. */
  sessions: ScenarioMessage[][];
  questions: ScenarioQuestion[];
}

export const SCENARIO_START = "2024-05-06T09:30:00+08:00";

const u = (id: string, content: string): ScenarioMessage => ({ id, role: "user", content });
const a = (id: string, content: string): ScenarioMessage => ({ id, role: "assistant", content });

export const SCENARIOS: Scenario[] = [
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
    id: "en-support-group",
    language: "en",
    category: "episode",
    sessions: [
      [
        u("m1", "I went to a support group for new parents yesterday and it was really helpful."),
        a("m2", "I'm glad it helped!"),
      ],
    ],
    questions: [{ query: "When did I go to the parents' support group?", expected: ["m1"] }],
  },
];
