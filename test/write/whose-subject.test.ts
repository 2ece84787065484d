/**
 * Whose statement it is, read from the sentence (seeded generators, both languages where the rule
 * is not Chinese-only):
 *
 * - a Chinese name the tagger cuts up (a compound surname 上官/欧阳/司马…, a name glued to the
 *   copula or preposition before it: 是鸿凰, 由钱乐) is one name, kept in the memory's content;
 * - a particular noun phrase linked by its verb to a name (海权的技术负责人换成了袁舒峰) is what the
 *   statement is about, and the statement is kept; no subject before a name (借了同事的尼康) is not;
 * - a clause that opens with its own subject (雪球今年三岁了) is not rewritten as the user's; a
 *   subject-less one (今年三十岁了) still is;
 * - a weekday in a habit or a series (每月第一个周六, 周末经常, "usually on Saturday", "the last
 *   Friday of each month") stays a weekday; a weekday of one occasion (我周六去杭州, "last Friday")
 *   is still a date.
 */
import { describe, expect, it } from "vitest";
import { tagByDictionary } from "../../src/text/grammar.js";
import { namesIn } from "../../src/write/extract/claim.js";
import { findTimeMentions } from "../../src/write/extract/dates.js";
import { createRng } from "../bench/fixtures.js";
import {
  CODE_NAME,
  EN_DATABASES,
  EN_FULL_NAME,
  int,
  NameBook,
  other,
  pick,
  ZH_FULL_NAME,
  ZH_PET,
  ZH_PROJECT,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-whose-", "2026-05-04T09:00:00Z");
const AT = "2026-05-04T09:00:00Z";

const COMPOUND = ["欧阳", "司马", "上官", "诸葛", "慕容", "令狐", "公孙", "皇甫"];
const GIVEN = [..."子明远清宁安然思文嘉若可晨颖雪航"];
const JOBS = ["幼师", "护士", "律师", "会计", "厨师", "程序员", "摄影师", "兽医"];
const COMPANIES = ["鸿凰物流", "青禾科技", "远帆传媒", "曜石咨询"];
const ATTRIBUTES = ["技术负责人", "产品经理", "对接人", "项目经理"];

async function write(content: string, user: string) {
  const memory = await suiteMemory();
  const scope = { userId: user };
  const out = await memory.remember({ scope, messages: [{ id: "m1", role: "user", content, at: tick() }] });
  const memories = (await memory.list(scope, { status: "active" })).filter((m) => m.kind !== "episode");
  await memory.close();
  return { out, memories };
}

describe("whose statement it is", () => {
  it("zh: a compound surname or a name glued to 是 / 由 is one name, kept whole in the memory", async () => {
    const r = createRng(7301);
    for (let i = 0; i < 8; i++) {
      const name = pick(r, COMPOUND) + pick(r, GIVEN) + (i % 2 === 0 ? pick(r, GIVEN) : "");
      const sentence =
        i % 3 === 0
          ? `${name}的工作是${pick(r, JOBS)}。`
          : i % 3 === 1
            ? `${name}现在是${pick(r, COMPANIES)}的员工。`
            : `${name}在${pick(r, ["杭州", "成都", "厦门"])}工作。`;
      const { memories } = await write(sentence, `compound-${i}`);
      expect(
        memories.map((m) => m.content),
        sentence,
      ).toContainEqual(expect.stringContaining(name));
    }
    // Glued to the preposition before it: 由钱乐 is 由 + 钱乐.
    const book = new NameBook(r, 0);
    for (let i = 0; i < 4; i++) {
      const lead = book.fresh(ZH_FULL_NAME);
      const sentence = `${book.fresh(ZH_PROJECT)}现在由${lead}负责技术。`;
      expect(namesIn(sentence, "zh"), sentence).toContain(lead);
    }
    // Must not fire: 东方 is a surname and a word; 东方的天空 names no one.
    expect(namesIn("东方的天空很美。", "zh").filter((n) => n.startsWith("东方"))).toEqual([]);
  });

  it("zh: a particular noun phrase linked to a name is kept; a bare noun or no subject before a name is not", async () => {
    const r = createRng(7302);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 6; i++) {
      const [project, lead] = [book.fresh(ZH_PROJECT), book.fresh(ZH_FULL_NAME)];
      const sentence = `${project}的${pick(r, ATTRIBUTES)}换成了${lead}。`;
      const { memories } = await write(sentence, `linked-${i}`);
      const kept = memories.find((m) => m.source.messageIds.includes("m1"));
      expect(kept?.content, sentence).toContain(lead);
      expect(kept?.content, sentence).toContain(project);
    }
    for (const [i, sentence] of ["天气很好，去了星巴克。", "借了同事的尼康。", "那部电影挺好看的。"].entries()) {
      const { memories } = await write(sentence, `not-linked-${i}`);
      expect(
        memories.map((m) => m.content),
        sentence,
      ).toEqual([]);
    }
  });

  it("zh: a clause that opens with its own subject is not rewritten as the user's; a subject-less one is", async () => {
    const r = createRng(7303);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 6; i++) {
      const pet = book.fresh(ZH_PET);
      const sentence = `${pet}${pick(r, ["今年", "已经", "现在"])}${int(r, 2, 12)}岁了。`;
      const { out } = await write(sentence, `own-subject-${i}`);
      const all = [...out.written, ...out.episodes].filter((m) => m.source.messageIds.includes("m1"));
      expect(all.length, sentence).toBeGreaterThan(0);
      for (const m of all) expect(m.content, sentence).not.toMatch(new RegExp(`用户${pet}`, "u"));
    }
    const { out } = await write("今年三十岁了。", "no-subject");
    expect(out.written.map((m) => m.content)).toContainEqual(expect.stringMatching(/^用户/u));
  });

  it("zh: a name whose edge the unknown-word model moved is put back; a dictionary word or a name after a verb is not cut", async () => {
    const r = createRng(7305);
    const book = new NameBook(r, 0);
    const CARS = ["大众帕萨特", "理想L7", "比亚迪汉", "本田思域"];
    const BREEDS = ["英短", "柯基", "金毛", "布偶猫"];
    for (let i = 0; i < 10; i++) {
      const [person, other, pet] = [book.fresh(ZH_FULL_NAME), book.fresh(ZH_FULL_NAME), book.fresh(ZH_PET)];
      const sentences = [
        `${person}换了辆${pick(r, CARS)}。`,
        `${pet}现在归${other}养了。`,
        `${pet}是${other}养的${pick(r, BREEDS)}。`,
      ];
      for (const [k, sentence] of sentences.entries()) {
        const { out } = await write(sentence, `edge-${i}-${k}`);
        const kept = out.written.filter((m) => m.about !== "conversation" && m.source.messageIds.includes("m1"));
        expect(
          kept.map((m) => m.content),
          sentence,
        ).toContainEqual(expect.stringContaining(k === 0 ? person : pet));
      }
      expect(namesIn(sentences[0]!, "zh"), sentences[0]).toContain(person);
    }
    // "What X drives is …", X's household, a change verb glued to the verb it changes.
    for (let i = 0; i < 6; i++) {
      const [person, pet] = [book.fresh(ZH_FULL_NAME), book.fresh(ZH_PET)];
      const drives = `${person}开的是${pick(r, CARS)}。`;
      expect(namesIn(drives, "zh"), drives).toContain(person);
      const home = `${person}家的${pick(r, BREEDS)}叫${pet}。`;
      expect(namesIn(home, "zh"), home).toContain(person);
      const changed = `${pet}最近改吃${pick(r, ["冻干", "鸡胸肉", "羊奶粉"])}了。`;
      const { out } = await write(changed, `changed-${i}`);
      expect(
        out.written.filter((m) => m.about !== "conversation").map((m) => m.content),
        changed,
      ).toContainEqual(expect.stringContaining(pet));
    }
    expect(namesIn("王小飞的书很贵。", "zh")).toContain("王小飞");
    // Must not fire: a name the dictionary knows stays whole; after a verb, three characters stay one name.
    expect(namesIn("马拉多纳是球星。", "zh")).toContain("马拉多纳");
    expect(namesIn("豆豆现在归丁逸养了。", "zh")).toContain("丁逸养");
    expect(namesIn("林志明来了。", "zh")).toContain("林志明");
  });

  it("zh: a one-word subject is what the statement is about only when its verb ties it to a named person", async () => {
    for (const [i, sentence] of ["今天是周一。", "小孩是好孩子。", "老师是林涛。"].entries()) {
      const { out } = await write(sentence, `owned-not-${i}`);
      for (const m of out.written) expect(m.key, sentence).not.toMatch(/^named\./u);
    }
    const { out } = await write("豆豆是林涛养的狗。", "owned");
    expect(out.written.map((m) => m.key)).toContainEqual(expect.stringMatching(/^named\./u));
    // A hobby that grips two people is two facts about two people: neither replaces the other.
    const memory = await suiteMemory();
    const scope = { userId: "grips" };
    const said = ["攀岩让林涛很着迷", "攀岩让王芳很着迷", "书法是林涛的兴趣", "书法是王芳的兴趣"];
    for (const [i, content] of said.entries())
      await memory.remember({ scope, messages: [{ id: `g${i}`, role: "user", content: `${content}。`, at: tick() }] });
    const active = (await memory.list(scope, { status: "active" })).filter((m) => m.about !== "conversation");
    await memory.close();
    expect(active.map((m) => m.content).sort()).toEqual([...said].sort());
    // 书法是林涛的兴趣 is 林涛's: the two people's interests sit under two names.
    const interests = active.filter((m) => m.content.includes("兴趣")).map((m) => m.key.split(".")[1]);
    expect(new Set(interests).size).toBe(2);
  });

  it("a question the speaker answers at once is one statement, kept as said under what the question names; small talk is not", async () => {
    const r = createRng(7306);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 8; i++) {
      const person = book.fresh(ZH_FULL_NAME);
      const asked = pick(r, [
        [`${person}在哪个城市？${pick(r, ["昆明", "厦门", "长沙"])}。`, person],
        [`${person}开什么车？${pick(r, ["比亚迪汉", "本田思域", "理想L7"])}。`, person],
        [`Where does ${pick(r, ["Pavo", "Ilsen", "Maro"])}${i} live? ${pick(r, ["Lisbon", "Porto", "Leeds"])}.`, ""],
      ] as const);
      const [sentence, named] = asked;
      const { out } = await write(sentence, `asked-${i}`);
      const kept = out.written.filter((m) => m.about !== "conversation");
      expect(
        kept.map((m) => m.content),
        sentence,
      ).toEqual([sentence.trim()]);
      // A person's name is read from the question, and keys the memory.
      if (named === person) expect(kept[0]!.key, sentence).toMatch(/^named\./u);
    }
    // Must not fire: a question about nothing in particular, answered, is talk.
    for (const [i, sentence] of [
      "你好吗？我很好。",
      "What's up? Nothing much.",
      "Why did the baker quit? He kneaded a break.",
      "化学老师最怕什么？怕实验室着火哈哈。",
    ].entries()) {
      const { out } = await write(sentence, `asked-not-${i}`);
      expect(
        out.written.filter((m) => m.about !== "conversation"),
        sentence,
      ).toEqual([]);
    }
  });

  it("a weekday in a habit or a series stays a weekday; one occasion is still a date", () => {
    const r = createRng(7304);
    const days = [..."一二三四五六日"];
    for (let i = 0; i < 12; i++) {
      const day = `周${pick(r, days)}`;
      const habits = [
        `每月第${pick(r, ["一", "二", "三"])}个${day}聚会。`,
        `${pick(r, ["平时", "一般", "通常"])}是${day}下午练球。`,
        `${pick(r, ["周末", day])}经常去爬山。`,
        `每个月最后一个${day}发工资。`,
      ];
      for (const text of habits) expect(findTimeMentions(text, "zh", AT), text).toEqual([]);
      expect(findTimeMentions(`我${day}去杭州。`, "zh", AT).length, day).toBe(1);
    }
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    for (let i = 0; i < 8; i++) {
      const day = pick(r, weekdays);
      for (const text of [
        `She usually runs on ${day}.`,
        `The club meets the last ${day} of each month.`,
        `We play on the first ${day} of every month.`,
      ])
        expect(findTimeMentions(text, "en", AT), text).toEqual([]);
      const [once] = findTimeMentions(`I saw her last ${day}.`, "en", AT);
      expect(once?.direction, day).toBe("past");
    }
  });

  it("a day something is moved to is ahead; a month said in the past tense has been, unless a plan was made", () => {
    // 2026-05-04 is a Monday.
    const r = createRng(7305);
    const days = [..."一二三四五六日"];
    for (let i = 0; i < 6; i++) {
      const day = `周${pick(r, days)}`;
      const [moved] = findTimeMentions(`这次的${pick(r, ["复盘会", "体检", "面试"])}改到${day}了。`, "zh", AT);
      expect(moved?.direction, day).not.toBe("past");
      // 例会 recurs: the day it moves to is every such day.
      expect(findTimeMentions(`${pick(r, ["周例会", "例会"])}改到${day}了。`, "zh", AT), day).toEqual([]);
    }
    for (const day of ["Tuesday", "Thursday", "Saturday"]) {
      const [moved] = findTimeMentions(`The review got moved to ${day}.`, "en", AT);
      expect(moved?.direction, day).toBe("future");
      expect(moved?.replacement, day).not.toMatch(/^on /u);
      expect(findTimeMentions(`The weekly sync moved to ${day}.`, "en", AT), day).toEqual([]);
      expect(findTimeMentions(`We met on ${day}.`, "en", AT, "past")[0]?.direction, day).toBe("past");
    }
    for (const month of ["July", "September", "November"]) {
      expect(findTimeMentions(`I went to Lisbon in ${month}.`, "en", AT, "past")[0]?.direction, month).toBe("past");
      expect(findTimeMentions(`I booked the hotel for early ${month}.`, "en", AT, "past")[0]?.direction, month).toBe(
        "future",
      );
    }
    expect(findTimeMentions("我九月去了成都。", "zh", AT, "past")[0]?.direction).toBe("past");
  });

  it("zh: a dictionary word used as a pet's name is the subject of its statement; a distributive or a kind is not", async () => {
    const r = createRng(7306);
    const book = new NameBook(r, 0);
    const pets: string[] = [];
    while (pets.length < 10) {
      const pet = ZH_PET.make(r);
      if (/^\p{Script=Han}+$/u.test(pet) && tagByDictionary(pet, 0)[0]?.detail === "n" && !pets.includes(pet))
        pets.push(pet);
    }
    const doubled = pets.filter((p) => p[0] === p[1]);
    expect(doubled.length).toBeGreaterThan(0);
    for (const [i, pet] of pets.entries()) {
      const keeper = book.fresh(ZH_FULL_NAME);
      const forms = [
        `${pet}是一只${pick(r, ["柯基", "橘猫", "边牧", "英短"])}。`,
        `${pet}跟着${keeper}住。`,
        `${pet}现在归${keeper}照顾。`,
      ];
      if (pet[0] === pet[1]) forms.push(`${pet}体重${pick(r, ["五", "六", "七"])}公斤。`, `${pet}对鸡肉过敏。`);
      const sentence = pick(r, forms);
      const { out, memories } = await write(sentence, `pet-word-${i}`);
      expect(out.messages[0]?.outcome, sentence).toBe("written");
      expect(
        memories.map((m) => m.content),
        sentence,
      ).toContainEqual(expect.stringContaining(pet));
    }
    // A name's weight is said of the name (a nominal predicate), not part of it.
    const person = book.fresh(ZH_FULL_NAME);
    const { memories } = await write(`${person}体重六十公斤。`, "pet-word-weight");
    expect(memories.map((m) => m.content)).toContainEqual(expect.stringContaining("六十公斤"));
    expect(memories.every((m) => !m.key.includes("六十"))).toBe(true);
    // No name is made of a distributive, a kind, a time word or a laugh.
    for (const [i, sentence] of ["人人都有梦想。", "猫是一种动物。", "天天下雨。", "哈哈真好笑。"].entries()) {
      const { memories: none } = await write(sentence, `pet-word-not-${i}`);
      for (const m of none) expect(m.key, sentence).not.toMatch(/^named\./u);
    }
  });

  it("a topic set off before its clause stays in the memory and names whose it is; alone it is no statement", async () => {
    const r = createRng(7307);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 4; i++) {
      const project = book.fresh(CODE_NAME);
      const db = pick(r, EN_DATABASES);
      const lead = pick(r, ["As for", "For", "Regarding"]);
      const sentence = `${lead} ${project}, we went with ${db}.`;
      const { memories } = await write(sentence, `topic-en-${i}`);
      const kept = memories.find((m) => m.source.messageIds.includes("m1"));
      expect(kept?.content, sentence).toContain(project);
      expect(kept?.key, sentence).toContain(project.toLowerCase());
      // A pronoun for the topic is resolved to it; the topic alone leaves no memory of its own.
      const friend = book.fresh(EN_FULL_NAME);
      const hobby = pick(r, ["sailing", "pottery", "chess"]);
      const { memories: told } = await write(`Speaking of ${friend}, she's really into ${hobby}.`, `topic-pro-${i}`);
      expect(told.map((m) => m.content)).toEqual([expect.stringContaining(friend)]);
      expect(told[0]?.content).toContain(hobby);
      const zhProject = book.fresh(ZH_PROJECT);
      const zh = `${pick(r, ["至于", "说到"])}${zhProject}，我们用的是${other(r, ["MySQL", "Redis", "TiDB"], db)}。`;
      const { memories: zhKept } = await write(zh, `topic-zh-${i}`);
      expect(zhKept.find((m) => m.source.messageIds.includes("m1"))?.content, zh).toContain(zhProject);
    }
    for (const sentence of ["Speaking of work.", "说起这个。"]) {
      const { out } = await write(sentence, "topic-alone");
      expect(out.written, sentence).toEqual([]);
    }
  });

  it("zh: 以后 after an event is a time (扩建以后能坐十二个人), not an instruction; opening a clause it is", async () => {
    const { memories } = await write("松竹轩扩建以后能坐十二个人了。", "after-event");
    expect(memories.map((m) => m.content)).toEqual(["松竹轩扩建以后能坐十二个人了"]);
    const { memories: told } = await write("以后都用中文回复我。", "from-now-on");
    expect(told[0]?.content).toMatch(/^用户要求/u);
  });
});
