/**
 * 中文人物类：同事、朋友、亲戚在哪座城市（held-out）、有什么爱好（held-out，非单值），
 * 在哪家公司上班、做什么工作（dev）。
 */

import { defineFamily, variant } from "./kit.js";
import { other, pick, ZH_CITIES, ZH_COMPANY, type ZhPerson, zhPerson } from "./names.js";

type City = ZhPerson & { entity: string; value: string };

const city = variant<City>({
  attribute: "城市",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, ZH_CITIES) };
  },
  forms: [
    (c) => `${c.ref}在${c.value}工作。`,
    (c) => `${c.name}是我${c.rel}，现在在${c.value}工作。`,
    (c) => `${c.ref}住在${c.value}。`,
    (c) => `至于我${c.rel}${c.name}，${c.ta}一直住在${c.value}。`,
    (c) => `${c.name}（我${c.rel}）现在定居${c.value}了。`,
    (c) => [`你${c.rel}现在在哪？`, `${c.name}啊，${c.ta}在${c.value}。`],
    (c) => `${c.name}毕业后就一直待在${c.value}。`,
    (c) => `${c.ref}前年搬去了${c.value}，说那边生活节奏慢。`,
    (c) => `${c.name}这几年都在${c.value}，过年才回来。`,
  ],
  questions: [
    (c) => `${c.name}在哪个城市？`,
    (c) => `${c.name}住在哪？`,
    (c) => `${c.name}现在在哪座城市生活？`,
    (c) => `你知道${c.name}在哪儿吗？`,
  ],
  next: (c, r) => other(r, ZH_CITIES, c.value),
  updates: [
    (c, v) => `${c.name}搬到${v}了。`,
    (c, v) => `${c.name}现在在${v}。`,
    (c, v) => `${c.name}已经去${v}工作了。`,
    (c, v) => `${c.name}调到了${v}。`,
    (c, v) => `${c.name}在${v}工作。`,
    (c, v) => `${c.name}离开${c.value}去了${v}。`,
  ],
});

export const zhPeopleCity = defineFamily(
  {
    id: "zh-people-city",
    language: "zh",
    split: "held-out",
    description: "同事、朋友、亲戚在哪座城市；搬家、调动会更新它。",
  },
  [city],
);

const HOBBIES = [
  "攀岩",
  "钓鱼",
  "书法",
  "摄影",
  "打羽毛球",
  "跑马拉松",
  "烘焙",
  "下围棋",
  "养多肉",
  "弹古筝",
  "打太极",
  "骑行",
  "徒步",
  "玩剧本杀",
  "飞盘",
  "露营",
  "潜水",
  "滑雪",
  "练瑜伽",
  "集邮",
  "做手账",
  "拼乐高",
  "打乒乓球",
  "观鸟",
  "做陶艺",
  "冲浪",
  "唱昆曲",
  "钩针编织",
  "种菜",
  "桥牌",
];

type Hobby = ZhPerson & { entity: string; value: string };

const hobby = variant<Hobby>({
  attribute: "爱好",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, HOBBIES) };
  },
  forms: [
    (c) => `${c.ref}特别喜欢${c.value}。`,
    (c) => `${c.name}这两年迷上了${c.value}。`,
    (c) => `我${c.rel}${c.name}的爱好是${c.value}。`,
    (c) => `${c.value}是${c.name}最大的爱好。`,
    (c) => [`你${c.rel}平时喜欢干嘛？`, `${c.name}啊，最喜欢${c.value}。`],
    (c) => `至于${c.name}，${c.ta}业余时间基本都花在${c.value}上。`,
    (c) => `${c.name}（我${c.rel}）坚持${c.value}好几年了。`,
    (c) => `给${c.name}挑礼物的话，${c.ta}对${c.value}很上头，可以往这方面想。`,
  ],
  questions: [
    (c) => `${c.name}有什么爱好？`,
    (c) => `${c.name}平时喜欢做什么？`,
    (c) => `${c.name}的爱好是什么？`,
    (c) => `${c.name}业余时间喜欢干什么？`,
  ],
});

export const zhHobbies = defineFamily(
  {
    id: "zh-hobbies",
    language: "zh",
    split: "held-out",
    description: "朋友、同事、亲戚的爱好（非单值，没有更新）。",
  },
  [hobby],
);

const JOBS = [
  "护士",
  "程序员",
  "建筑师",
  "中学老师",
  "会计",
  "律师",
  "产品经理",
  "医生",
  "翻译",
  "摄影师",
  "药剂师",
  "室内设计师",
  "公务员",
  "销售",
  "厨师",
  "消防员",
  "记者",
  "牙医",
  "幼师",
  "健身教练",
  "空乘",
  "兽医",
];

type Work = ZhPerson & { entity: string; value: string };

const employer = variant<Work>({
  attribute: "公司",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(ZH_COMPANY) };
  },
  forms: [
    (c) => `${c.ref}在${c.value}上班。`,
    (c) => `${c.name}在${c.value}工作。`,
    (c) => `${c.name}现在是${c.value}的员工。`,
    (c) => `至于${c.name}，${c.ta}一直在${c.value}做事。`,
    (c) => [`你${c.rel}在哪家公司上班？`, `${c.name}在${c.value}。`],
    (c) => `${c.value}就是我${c.rel}${c.name}上班的地方。`,
    (c) => `${c.name}（我${c.rel}）毕业后进了${c.value}。`,
    (c) => `我${c.rel}${c.name}去年跳槽到了${c.value}，干得还挺开心。`,
  ],
  questions: [
    (c) => `${c.name}在哪家公司上班？`,
    (c) => `${c.name}在哪工作？`,
    (c) => `${c.name}的单位是哪家？`,
    (c) => `你知道${c.name}在哪个公司吗？`,
  ],
  next: (_c, _r, book) => book.fresh(ZH_COMPANY),
  updates: [
    (c, v) => `${c.name}跳槽去了${v}。`,
    (c, v) => `${c.name}现在在${v}上班了。`,
    (c, v) => `${c.name}已经换到${v}了。`,
    (c, v) => `${c.name}在${v}工作。`,
    (c, v) => `${c.name}从${c.value}离职了，去了${v}。`,
  ],
});

const job = variant<Work>({
  attribute: "职业",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: pick(r, JOBS) };
  },
  forms: [
    (c) => `${c.ref}是${c.value}。`,
    (c) => `${c.name}是做${c.value}的。`,
    (c) => `${c.name}的工作是${c.value}。`,
    (c) => [`你${c.rel}是做什么的？`, `${c.name}是${c.value}。`],
    (c) => `至于${c.name}，${c.ta}干了十几年${c.value}了。`,
    (c) => `${c.name}（我${c.rel}）毕业后一直当${c.value}。`,
    (c) => `我${c.rel}${c.name}是个${c.value}，平时特别忙。`,
    (c) => `${c.ref}今年刚当上${c.value}，还在适应。`,
  ],
  questions: [
    (c) => `${c.name}是做什么工作的？`,
    (c) => `${c.name}的职业是什么？`,
    (c) => `${c.name}是干什么的？`,
    (c) => `${c.name}做什么工作？`,
  ],
  next: (c, r) => other(r, JOBS, c.value),
  updates: [
    (c, v) => `${c.name}转行当${v}了。`,
    (c, v) => `${c.name}现在是${v}。`,
    (c, v) => `${c.name}已经改做${v}了。`,
    (c, v) => `${c.name}是${v}。`,
    (c, v) => `${c.name}辞职以后去当${v}了。`,
  ],
});

export const zhPeopleWork = defineFamily(
  {
    id: "zh-people-work",
    language: "zh",
    split: "dev",
    description: "认识的人在哪家公司上班、做什么工作；跳槽、转行会更新它。",
  },
  [employer, job],
);
