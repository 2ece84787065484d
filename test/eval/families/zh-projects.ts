/**
 * 中文项目类：项目用什么数据库、部署在哪朵云上（held-out）；项目的技术负责人和截止日期（dev）。
 * 项目名是两字代号（天枢、星辰）、分期名（天枢二期）、编号（P1992）或英文代号。
 */

import { defineFamily, variant } from "./kit.js";
import {
  chance,
  type NameBook,
  other,
  pick,
  type Rand,
  ZH_CLOUDS,
  ZH_DATABASES,
  ZH_FULL_NAME,
  ZH_PROJECT,
  zhDate,
} from "./names.js";

export interface ZhProject {
  entity: string;
  /** 这句话里怎么称呼它：「天枢项目」「天枢」「天枢这个项目」「P1992项目」。 */
  ref: string;
}

export function zhProject(r: Rand, book: NameBook): ZhProject {
  const entity = book.entity(ZH_PROJECT);
  if (/^[\u4e00-\u9fff]{2}$/.test(entity))
    return { entity, ref: pick(r, [`${entity}项目`, entity, `${entity}这个项目`]) };
  return { entity, ref: chance(r, 0.5) ? `${entity}项目` : entity };
}

export const ZH_PROJECT_NICKNAMES = [
  "新的结算系统",
  "会员中台",
  "那个小程序",
  "数据平台",
  "仓储扫码App",
  "内部搜索",
  "门店收银改造",
  "客服工单系统",
  "报表重构",
  "供应商门户",
];

type Db = ZhProject & { value: string };

const database = variant<Db>({
  attribute: "数据库",
  weight: 3,
  draw: (r, book) => ({ ...zhProject(r, book), value: pick(r, ZH_DATABASES) }),
  forms: [
    (c) => `${c.ref}用的是${c.value}。`,
    (c) => `${c.ref}的数据都存在${c.value}里。`,
    (c) => `至于${c.ref}，数据库选的是${c.value}。`,
    (c) => [`新项目最后定了用什么数据库？`, `${c.entity}用${c.value}，已经定了。`],
    (c) => `${c.value}是我们给${c.ref}选的数据库。`,
    (c, r) => `${c.entity}（就是${pick(r, ZH_PROJECT_NICKNAMES)}）底下跑的是${c.value}。`,
    (c) => `我们组的${c.ref}，数据库用的是${c.value}。`,
    (c) => `${c.ref}的库是${c.value}，查数据的话去那边找。`,
    (c) => [`看${c.entity}的代码之前我需要知道什么？`, `${c.entity}后面接的是${c.value}，别的没啥。`],
  ],
  questions: [
    (c) => `${c.entity}用的是什么数据库？`,
    (c) => `${c.entity}的数据库是哪个？`,
    (c) => `${c.entity}的数据存在什么库里？`,
    (c) => `你记得${c.entity}用的哪个数据库吗？`,
  ],
  next: (c, r) => other(r, ZH_DATABASES, c.value),
  updates: [
    (c, v) => `${c.entity}已经迁到${v}了。`,
    (c, v) => `${c.entity}的数据库换成${v}了。`,
    (c, v) => `${c.entity}现在用${v}。`,
    (c, v) => `${c.entity}改用${v}了。`,
    (c, v) => `${c.entity}用的是${v}。`,
    (c, v) => `${c.entity}上周从${c.value}切到了${v}。`,
  ],
});

const cloud = variant<Db>({
  attribute: "云平台",
  draw: (r, book) => ({ ...zhProject(r, book), value: pick(r, ZH_CLOUDS) }),
  forms: [
    (c) => `${c.ref}部署在${c.value}上。`,
    (c) => `${c.ref}的服务器都在${c.value}。`,
    (c) => `至于${c.ref}，用的是${c.value}。`,
    (c) => [`${c.entity}部署在哪？`, `${c.entity}全在${c.value}上。`],
    (c) => `${c.value}上跑的是我们的${c.ref}。`,
    (c) => `我们把${c.ref}放在${c.value}上了，账号找运维要。`,
  ],
  questions: [
    (c) => `${c.entity}部署在哪个云上？`,
    (c) => `${c.entity}用的是哪家云？`,
    (c) => `${c.entity}的服务器在哪个平台？`,
  ],
  next: (c, r) => other(r, ZH_CLOUDS, c.value),
  updates: [
    (c, v) => `${c.entity}已经迁到${v}了。`,
    (c, v) => `${c.entity}现在在${v}上。`,
    (c, v) => `${c.entity}从${c.value}搬到了${v}。`,
    (c, v) => `${c.entity}部署在${v}上。`,
    (c, v) => `${c.entity}的云平台改成了${v}。`,
  ],
});

export const zhProjectDatabase = defineFamily(
  {
    id: "zh-project-database",
    language: "zh",
    split: "held-out",
    description: "项目用什么数据库、部署在哪个云平台；迁移会更新它。",
  },
  [database, cloud],
);

type Lead = ZhProject & { value: string };

const lead = variant<Lead>({
  attribute: "技术负责人",
  draw: (r, book) => ({ ...zhProject(r, book), value: book.fresh(ZH_FULL_NAME) }),
  forms: [
    (c) => `${c.ref}的技术负责人是${c.value}。`,
    (c) => `${c.value}负责${c.ref}的技术。`,
    (c) => `${c.ref}技术上由${c.value}牵头。`,
    (c) => [`${c.entity}的架构问题该找谁？`, `找${c.value}吧，${c.entity}的技术都是${c.value}在管。`],
    (c) => `至于${c.ref}，技术上是${c.value}在拍板。`,
    (c) => `我们组的${c.ref}，技术这块归${c.value}管。`,
    (c, r) => `${c.entity}（${pick(r, ZH_PROJECT_NICKNAMES)}）的技术负责人是我同事${c.value}。`,
    (c) => `${c.value}是${c.ref}的技术负责人，技术上的事直接找这位就行。`,
  ],
  questions: [
    (c) => `${c.entity}的技术负责人是谁？`,
    (c) => `${c.entity}技术上谁负责？`,
    (c) => `谁是${c.entity}的技术负责人？`,
    (c) => `${c.entity}技术这块归谁管？`,
  ],
  next: (_c, _r, book) => book.fresh(ZH_FULL_NAME),
  updates: [
    (c, v) => `${c.entity}的技术负责人换成了${v}。`,
    (c, v) => `${c.entity}现在由${v}负责技术。`,
    (c, v) => `${c.value}调走了，${c.entity}的技术负责人改成${v}了。`,
    (c, v) => `${c.entity}的技术负责人是${v}。`,
    (c, v) => `${v}已经接手${c.entity}的技术了。`,
  ],
});

const deadline = variant<Lead>({
  attribute: "截止日期",
  draw: (r, book) => ({ ...zhProject(r, book), value: zhDate(r) }),
  forms: [
    (c) => `${c.ref}的截止日期是${c.value}。`,
    (c) => `${c.ref}要在${c.value}之前上线。`,
    (c) => `至于${c.ref}，${c.value}必须交付。`,
    (c) => [`${c.entity}什么时候要交？`, `${c.entity}是${c.value}截止。`],
    (c) => `${c.value}是${c.ref}的最后期限。`,
    (c) => `我们${c.ref}定在${c.value}发布。`,
    (c) => `老板说${c.ref}最晚${c.value}要交，一天都不能拖。`,
    (c, r) => `${c.entity}（${pick(r, ZH_PROJECT_NICKNAMES)}）的deadline是${c.value}。`,
  ],
  questions: [
    (c) => `${c.entity}什么时候截止？`,
    (c) => `${c.entity}的截止日期是哪天？`,
    (c) => `${c.entity}要在哪天之前交付？`,
    (c) => `${c.entity}哪天上线？`,
  ],
  next: (c, r) => {
    for (;;) {
      const d = zhDate(r, c.value);
      if (!d.includes(c.value) && !c.value.includes(d)) return d;
    }
  },
  updates: [
    (c, v) => `${c.entity}的截止日期推迟到${v}了。`,
    (c, v) => `${c.entity}改成${v}交付。`,
    (c, v) => `${c.entity}的deadline现在是${v}。`,
    (c, v) => `${c.entity}延期了，新的日期是${v}。`,
    (c, v) => `${c.entity}是${v}截止。`,
    (c, v) => `${c.entity}提前到${v}了，大家抓紧。`,
  ],
});

export const zhProjectLead = defineFamily(
  {
    id: "zh-project-lead",
    language: "zh",
    split: "dev",
    description: "项目的技术负责人和截止日期；换人、延期会更新它。",
  },
  [lead, deadline],
);
