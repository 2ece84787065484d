/**
 * 中文物品类：宠物的品种、年龄、主人（held-out）；车辆的颜色、车型和某人的车牌（held-out）；
 * 书的作者、课程的老师、读书会在读哪本书（dev）。
 */

import { defineFamily, variant } from "./kit.js";
import {
  chance,
  int,
  type NameBook,
  other,
  pick,
  type Rand,
  ZH_BOOK,
  ZH_CAR_MODELS,
  ZH_COLOURS,
  ZH_COURSE,
  ZH_FULL_NAME,
  ZH_PET,
  ZH_PLATE,
  ZH_READING_GROUP,
  type ZhPerson,
  zhPerson,
} from "./names.js";

const BREEDS: Record<string, readonly string[]> = {
  狗: ["金毛", "柯基", "边牧", "柴犬", "哈士奇", "萨摩耶", "泰迪", "法斗", "比熊", "拉布拉多", "中华田园犬"],
  猫: ["布偶猫", "英短", "橘猫", "狸花猫", "暹罗猫", "美短", "缅因猫", "加菲猫"],
  兔子: ["垂耳兔", "侏儒兔", "狮子兔"],
};
const OWNER_RELS = ["邻居", "姐姐", "同事", "房东", "表妹", "奶奶", "朋友"];

type Pet = { entity: string; value: string; kind: string };

function pet(r: Rand, book: NameBook): Omit<Pet, "value"> {
  return { entity: book.entity(ZH_PET), kind: pick(r, ["狗", "狗", "猫", "猫", "兔子"]) };
}

const breed = variant<Pet>({
  attribute: "品种",
  draw: (r, book) => {
    const p = pet(r, book);
    return { ...p, value: pick(r, BREEDS[p.kind]!) };
  },
  forms: [
    (c) => `我家${c.entity}是只${c.value}。`,
    (c) => `${c.entity}是一只${c.value}。`,
    (c, r) => `${c.entity}是我${pick(r, OWNER_RELS)}家的${c.value}。`,
    (c) => `至于${c.entity}，它是${c.value}。`,
    (c) => [`你家那只${c.kind}是什么品种的？`, `${c.entity}是${c.value}，纯种的。`],
    (c) => `${c.entity}（就是老爱偷袜子那只）其实是${c.value}。`,
    (c) => `去年收养了${c.entity}，是只${c.value}串儿。`,
    (c) => `我们刚接回来一只${c.value}，取名叫${c.entity}。`,
  ],
  questions: [
    (c) => `${c.entity}是什么品种？`,
    (c) => `${c.entity}是什么品种的${c.kind}？`,
    (c) => `${c.entity}是哪种${c.kind}？`,
  ],
});

const age = (months: number) => (months < 12 ? `${months}个月` : `${Math.floor(months / 12)}岁`);

type Aged = Pet & { months: number };

const petAge = variant<Aged>({
  attribute: "年龄",
  draw: (r, book) => {
    const months = chance(r, 0.2) ? int(r, 2, 11) : int(r, 1, 15) * 12;
    return { ...pet(r, book), months, value: age(months) };
  },
  forms: [
    (c) => `${c.entity}今年${c.value}了。`,
    (c) => `我家${c.entity}已经${c.value}了。`,
    (c) => `${c.entity}（我们家的${c.kind}）大概${c.value}。`,
    (c) => [`你家${c.kind}多大了？`, `${c.entity}${c.value}了。`],
    (c) => `至于${c.entity}，才${c.value}。`,
    (c) => `兽医说${c.entity}差不多${c.value}。`,
    (c) => `我爸妈养的${c.kind}${c.entity}都${c.value}了。`,
  ],
  questions: [(c) => `${c.entity}几岁了？`, (c) => `${c.entity}多大了？`, (c) => `${c.entity}现在多大？`],
  next: (c) => age(c.months < 12 ? c.months + 1 : c.months + 12),
  updates: [
    (c, v) => `${c.entity}满${v}了。`,
    (c, v) => `${c.entity}现在${v}了。`,
    (c, v) => `${c.entity}昨天过生日，${v}了。`,
    (c, v) => `${c.entity}${v}。`,
    (c, v) => `${c.entity}已经${v}了。`,
  ],
});

const owner = variant<Pet>({
  attribute: "主人",
  draw: (r, book) => ({ ...pet(r, book), value: book.fresh(ZH_FULL_NAME) }),
  forms: [
    (c) => `${c.entity}的主人是${c.value}。`,
    (c) => `${c.entity}是${c.value}养的。`,
    (c) => `${c.value}养了一只${c.kind}叫${c.entity}。`,
    (c) => [`${c.entity}是谁家的？`, `${c.entity}是${c.value}的。`],
    (c) => `至于${c.entity}，那是${c.value}家的${c.kind}，我只是偶尔帮忙喂。`,
    (c) => `这周我帮忙照看的${c.entity}，主人是${c.value}。`,
  ],
  questions: [(c) => `${c.entity}的主人是谁？`, (c) => `${c.entity}是谁养的？`, (c) => `${c.entity}是谁家的？`],
  next: (_c, _r, book) => book.fresh(ZH_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}现在归${v}养了。`,
    (c, v) => `${v}领养了${c.entity}。`,
    (c, v) => `${c.entity}已经送给${v}了。`,
    (c, v) => `${c.entity}的主人是${v}。`,
    (c, v) => `${c.value}出国了，${c.entity}托付给了${v}。`,
  ],
});

export const zhPets = defineFamily(
  {
    id: "zh-pets",
    language: "zh",
    split: "held-out",
    description: "宠物的品种、年龄和主人；过生日、换主人会更新年龄和主人。",
  },
  [breed, petAge, owner],
);

type Car = { entity: string; value: string; model: string };

const colour = variant<Car>({
  attribute: "颜色",
  weight: 2,
  draw: (r, book) => ({ entity: book.entity(ZH_PLATE), value: pick(r, ZH_COLOURS), model: pick(r, ZH_CAR_MODELS) }),
  forms: [
    (c) => `${c.entity}是一辆${c.value}的${c.model}。`,
    (c) => `车牌${c.entity}的那辆是${c.value}的。`,
    (c) => `我爸的车${c.entity}是${c.value}的。`,
    (c) => `至于${c.entity}，车身是${c.value}。`,
    (c) => [`来接你的车长什么样？`, `${c.value}的，车牌${c.entity}。`],
    (c) => `公司那辆${c.entity}的${c.model}是${c.value}的。`,
    (c) => `${c.value}那辆就是${c.entity}。`,
  ],
  questions: [
    (c) => `${c.entity}是什么颜色的？`,
    (c) => `车牌${c.entity}的车是什么颜色？`,
    (c) => `${c.entity}那辆车什么颜色？`,
  ],
  next: (c, r) => other(r, ZH_COLOURS, c.value),
  updates: [
    (c, v) => `${c.entity}重新喷成了${v}。`,
    (c, v) => `${c.entity}贴了膜，现在是${v}。`,
    (c, v) => `${c.entity}改成${v}了。`,
    (c, v) => `${c.entity}是${v}的。`,
    (c, v) => `${c.entity}的颜色换成了${v}。`,
  ],
});

const model = variant<Car>({
  attribute: "车型",
  draw: (r, book) => ({ entity: book.entity(ZH_PLATE), value: pick(r, ZH_CAR_MODELS), model: "" }),
  forms: [
    (c) => `${c.entity}是一辆${c.value}。`,
    (c) => `车牌${c.entity}的是辆${c.value}。`,
    (c) => `我开的是${c.value}，车牌${c.entity}。`,
    (c) => [`我们开哪辆车去？`, `开那辆${c.value}，车牌${c.entity}。`],
    (c) => `至于${c.entity}，那是公司的${c.value}。`,
    (c) => `${c.entity}这台车是${c.value}，去年买的。`,
  ],
  questions: [(c) => `${c.entity}是什么车？`, (c) => `车牌${c.entity}的是什么车型？`, (c) => `${c.entity}是哪款车？`],
});

type Driver = ZhPerson & { entity: string; value: string };

const plate = variant<Driver>({
  attribute: "车牌",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(ZH_PLATE) };
  },
  forms: [
    (c) => `${c.ref}的车牌是${c.value}。`,
    (c, r) => `${c.name}开的是一辆${pick(r, ZH_COLOURS)}${pick(r, ZH_CAR_MODELS)}，车牌${c.value}。`,
    (c) => [`你${c.rel}的车牌号是多少？办停车证要用。`, `${c.name}的车牌是${c.value}。`],
    (c) => `${c.name}那辆车的牌照是${c.value}。`,
    (c) => `至于${c.name}，${c.ta}的车是${c.value}。`,
    (c) => `${c.value}就是${c.name}的车，看到停楼下别让人贴条。`,
  ],
  questions: [
    (c) => `${c.name}的车牌号是多少？`,
    (c) => `${c.name}的车是什么牌照？`,
    (c) => `${c.name}开的车车牌是多少？`,
  ],
  next: (_c, _r, book) => book.fresh(ZH_PLATE),
  updates: [
    (c, v) => `${c.name}换车了，新车牌是${v}。`,
    (c, v) => `${c.name}的车牌现在是${v}。`,
    (c, v) => `${c.name}的车牌改成了${v}。`,
    (c, v) => `${c.name}的车牌是${v}。`,
    (c, v) => `${c.name}新提了车，牌照${v}。`,
  ],
});

export const zhVehicles = defineFamily(
  {
    id: "zh-vehicles",
    language: "zh",
    split: "held-out",
    description: "按车牌说车的颜色、车型，以及某人的车牌；喷漆、换车会更新它。",
  },
  [colour, model, plate],
);

type Book = { entity: string; value: string };

const author = variant<Book>({
  attribute: "作者",
  draw: (_r, book) => ({ entity: book.entity(ZH_BOOK), value: book.fresh(ZH_FULL_NAME) }),
  forms: [
    (c) => `《${c.entity}》是${c.value}写的。`,
    (c) => `我在读${c.value}的《${c.entity}》。`,
    (c) => `《${c.entity}》的作者是${c.value}。`,
    (c) => [`你们读书会这个月读哪本？`, `《${c.entity}》，${c.value}写的。`],
    (c) => `至于《${c.entity}》，作者${c.value}是个新人。`,
    (c) => `${c.value}写过一本《${c.entity}》，我很喜欢。`,
    (c) => `《${c.entity}》（${c.value}著）是我们读书会这个月的书。`,
    (c) => `朋友送了我一本《${c.entity}》，作者是${c.value}。`,
  ],
  questions: [
    (c) => `《${c.entity}》是谁写的？`,
    (c) => `《${c.entity}》的作者是谁？`,
    (c) => `《${c.entity}》作者叫什么？`,
  ],
});

const teacher = variant<Book>({
  attribute: "老师",
  draw: (_r, book) => ({ entity: book.entity(ZH_COURSE), value: book.fresh(ZH_FULL_NAME) }),
  forms: [
    (c) => `${c.entity}的老师是${c.value}。`,
    (c) => `${c.value}教${c.entity}。`,
    (c) => `我报的${c.entity}是${c.value}老师上。`,
    (c) => [`那门课谁教？`, `${c.entity}是${c.value}在教。`],
    (c) => `至于${c.entity}，任课老师是${c.value}。`,
    (c) => `${c.entity}（周二晚上那门）由${c.value}讲。`,
    (c) => `${c.value}老师开的${c.entity}，我已经报名了。`,
  ],
  questions: [(c) => `${c.entity}是谁教的？`, (c) => `${c.entity}的老师是谁？`, (c) => `谁在教${c.entity}？`],
  next: (_c, _r, book) => book.fresh(ZH_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}换老师了，现在是${v}。`,
    (c, v) => `${c.entity}改由${v}来教。`,
    (c, v) => `${c.entity}现在是${v}在上。`,
    (c, v) => `${v}已经接手${c.entity}了。`,
    (c, v) => `${c.entity}的老师是${v}。`,
  ],
});

const groupBook = variant<Book>({
  attribute: "在读的书",
  draw: (_r, book) => ({ entity: book.entity(ZH_READING_GROUP), value: book.fresh(ZH_BOOK) }),
  forms: [
    (c) => `${c.entity}这个月在读《${c.value}》。`,
    (c) => `${c.entity}这期选的是《${c.value}》。`,
    (c) => `我们${c.entity}最近在啃《${c.value}》。`,
    (c) => [`你们读书会最近读什么？`, `${c.entity}在读《${c.value}》。`],
    (c) => `至于${c.entity}，现在读的是《${c.value}》。`,
    (c) => `《${c.value}》是${c.entity}这一期的共读书目。`,
  ],
  questions: [(c) => `${c.entity}在读哪本书？`, (c) => `${c.entity}现在读什么？`, (c) => `${c.entity}这期读的是哪本？`],
  next: (_c, _r, book) => book.fresh(ZH_BOOK),
  updates: [
    (c, v) => `${c.entity}换成读《${v}》了。`,
    (c, v) => `${c.entity}已经开始读《${v}》了。`,
    (c, v) => `${c.entity}下一本定了《${v}》，今天开始。`,
    (c, v) => `${c.entity}在读《${v}》。`,
    (c, v) => `${c.entity}现在读《${v}》。`,
  ],
});

export const zhBooksCourses = defineFamily(
  {
    id: "zh-books-courses",
    language: "zh",
    split: "dev",
    description: "书的作者、课程的老师、读书会在读哪本书。",
  },
  [author, teacher, groupBook],
);
