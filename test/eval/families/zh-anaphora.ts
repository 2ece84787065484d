/**
 * 中文两分句类：前一句点名，后一句用「这个项目的」「它的」「他们的」「她」或零形式回指来给出事实。
 * 项目、人、社团、宠物、机器。
 */

import { defineFamily, variant } from "./kit.js";
import {
  HOST_NAME,
  other,
  pick,
  ZH_CITIES,
  ZH_CLUB,
  ZH_FULL_NAME,
  ZH_OPERATING_SYSTEMS,
  ZH_PET,
  ZH_WEEKDAYS,
  type ZhPerson,
  zhPerson,
} from "./names.js";
import { type ZhProject, zhProject } from "./zh-projects.js";

type Proj = ZhProject & { value: string };

const lead = variant<Proj>({
  attribute: "负责人",
  draw: (r, book) => ({ ...zhProject(r, book), value: book.fresh(ZH_FULL_NAME) }),
  forms: [
    (c) => `${c.ref}是去年立项的，这个项目的负责人是${c.value}。`,
    (c) => `我们上个月启动了${c.ref}，它的负责人是${c.value}。`,
    (c) => `${c.ref}是做支付重构的，这个项目的技术负责人是${c.value}。`,
    (c) => `${c.ref}的团队刚组建起来，他们的组长是${c.value}。`,
    (c) => `还记得${c.entity}吗？就是我上次说的那个项目，它的负责人是${c.value}。`,
    (c) => [`新项目进展怎么样？`, `${c.entity}推进得挺快，他们的负责人${c.value}很靠谱。`],
  ],
  questions: [(c) => `${c.entity}的负责人是谁？`, (c) => `谁在负责${c.entity}？`, (c) => `${c.entity}归谁管？`],
  next: (_c, _r, book) => book.fresh(ZH_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}的负责人现在是${v}。`,
    (c, v) => `${c.entity}调整了一下，负责人换成了${v}。`,
    (c, v) => `${v}接手了${c.entity}。`,
    (c, v) => `${c.entity}的负责人是${v}。`,
  ],
});

type Person = ZhPerson & { entity: string; value: string };

const EVENTS = ["去年结婚了", "今年刚读完博士", "前阵子刚换了工作", "去年退休了", "辞职创业了"];

const city = variant<Person>({
  attribute: "城市",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, ZH_CITIES) };
  },
  forms: [
    (c, r) => `我${c.rel}${c.name}${pick(r, EVENTS)}，${c.ta}现在在${c.value}工作。`,
    (c) => `${c.name}是我${c.rel}，现在在${c.value}工作。`,
    (c) => `${c.ref}退休后闲不住，${c.ta}现在住在${c.value}。`,
    (c) => `${c.name}前几天给我打电话，${c.ta}已经在${c.value}安顿下来了。`,
    (c) => `${c.ref}读完研就没回来，${c.ta}的家安在了${c.value}。`,
    (c) => [`你${c.rel}最近怎么样？`, `${c.name}挺好的，${c.ta}去了${c.value}，说不打算回来了。`],
  ],
  questions: [(c) => `${c.name}在哪个城市？`, (c) => `${c.name}现在住哪？`, (c) => `${c.name}在哪里生活？`],
  next: (c, r) => other(r, ZH_CITIES, c.value),
  updates: [
    (c, v) => `${c.name}又搬家了，${c.ta}现在在${v}。`,
    (c, v) => `${c.name}搬到${v}了。`,
    (c, v) => `${c.name}去${v}了。`,
    (c, v) => `${c.name}在${v}。`,
  ],
});

type Thing = { entity: string; value: string };

const club = variant<Thing>({
  attribute: "活动日",
  draw: (r, book) => ({ entity: book.entity(ZH_CLUB), value: pick(r, ZH_WEEKDAYS) }),
  forms: [
    (c) => `${c.entity}是我妈参加的，她们每${c.value}聚一次。`,
    (c) => `${c.entity}去年秋天成立的，它的活动定在每${c.value}。`,
    (c) => `${c.entity}人不多，但他们每${c.value}都会碰头。`,
    (c) => `我加入${c.entity}快一年了，他们的固定活动日是${c.value}。`,
  ],
  questions: [(c) => `${c.entity}哪天活动？`, (c) => `${c.entity}每周几聚？`],
  next: (c, r) => other(r, ZH_WEEKDAYS, c.value),
  updates: [
    (c, v) => `${c.entity}改成${v}活动了。`,
    (c, v) => `${c.entity}的活动日换到了${v}。`,
    (c, v) => `${c.entity}现在${v}聚。`,
  ],
});

type PetOwner = Thing & { kind: string };

const petOwner = variant<PetOwner>({
  attribute: "主人",
  draw: (r, book) => ({
    entity: book.entity(ZH_PET),
    value: book.fresh(ZH_FULL_NAME),
    kind: pick(r, ["柯基", "金毛", "橘猫", "布偶猫", "柴犬"]),
  }),
  forms: [
    (c) => `${c.entity}是只${c.kind}，它的主人是${c.value}。`,
    (c) => `楼下那只${c.kind}叫${c.entity}，它的主人是${c.value}。`,
    (c) => `${c.entity}昨天跑到我家门口，后来才知道它的主人是${c.value}。`,
    (c) => `这周末我帮忙照看${c.entity}，它主人${c.value}出差了。`,
  ],
  questions: [(c) => `${c.entity}的主人是谁？`, (c) => `${c.entity}是谁家的？`, (c) => `${c.entity}是谁养的？`],
  next: (_c, _r, book) => book.fresh(ZH_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}被${v}领养了，现在它的主人是${v}。`,
    (c, v) => `${c.entity}现在归${v}养了。`,
    (c, v) => `${c.entity}的主人是${v}。`,
  ],
});

const host = variant<Thing>({
  attribute: "操作系统",
  draw: (r, book) => ({ entity: book.entity(HOST_NAME), value: pick(r, ZH_OPERATING_SYSTEMS) }),
  forms: [
    (c) => `${c.entity}是上周新上架的，它的系统是${c.value}。`,
    (c) => `${c.entity}是我们新的编译机，上面跑的是${c.value}。`,
    (c) => `${c.entity}老是挂，它装的是${c.value}，你看看有没有关系。`,
  ],
  questions: [(c) => `${c.entity}装的是什么系统？`, (c) => `${c.entity}的操作系统是什么？`],
  next: (c, r) => other(r, ZH_OPERATING_SYSTEMS, c.value),
  updates: [
    (c, v) => `${c.entity}重装了，它现在是${v}。`,
    (c, v) => `${c.entity}换成了${v}。`,
    (c, v) => `${c.entity}装的是${v}。`,
  ],
});

export const zhAnaphora = defineFamily(
  {
    id: "zh-anaphora",
    language: "zh",
    split: "dev",
    description: "两个分句：前一句点名实体，后一句用代词或零形式回指给出事实。",
  },
  [lead, city, club, petOwner, host],
);
