/**
 * 中文办公场所类：某个会议室平时用来做什么（held-out）、同事坐哪个工位（dev）、
 * 某台机器装的什么操作系统（dev）。
 */

import { defineFamily, variant } from "./kit.js";
import { HOST_NAME, other, pick, ZH_DESK, ZH_OPERATING_SYSTEMS, ZH_ROOM, type ZhPerson, zhPerson } from "./names.js";

const ROOM_USES = [
  "面试",
  "接待客户",
  "放杂物",
  "做培训",
  "录播客",
  "开周会",
  "午休",
  "做直播",
  "开视频会议",
  "上瑜伽课",
  "开评审会",
  "打电话",
  "给新人做入职",
  "拍产品照",
  "哺乳",
];

type Room = { entity: string; value: string };

const room = variant<Room>({
  attribute: "用途",
  draw: (r, book) => ({ entity: book.entity(ZH_ROOM), value: pick(r, ROOM_USES) }),
  forms: [
    (c) => `${c.entity}是用来${c.value}的。`,
    (c) => `我们一般用${c.entity}${c.value}。`,
    (c) => `至于${c.entity}，现在专门用来${c.value}。`,
    (c) => `公司拿来${c.value}的那间是${c.entity}。`,
    (c) => [`这件事订哪个房间合适？`, `订${c.entity}，那间平时就是用来${c.value}的。`],
    (c, r) => `${c.entity}（${pick(r, ["在五楼", "电梯口旁边", "茶水间对面", "走廊尽头"])}）平时用来${c.value}。`,
    (c) => `行政把${c.entity}安排给大家${c.value}用。`,
    (c) => `别在${c.entity}开普通会，那间是留着${c.value}的。`,
  ],
  questions: [
    (c) => `${c.entity}是用来干什么的？`,
    (c) => `${c.entity}平时做什么用？`,
    (c) => `${c.entity}的用途是什么？`,
    (c) => `${c.entity}现在拿来干嘛？`,
  ],
  next: (c, r) => other(r, ROOM_USES, c.value),
  updates: [
    (c, v) => `${c.entity}现在用来${v}了。`,
    (c, v) => `${c.entity}改成${v}用了。`,
    (c, v) => `${c.entity}以后用来${v}。`,
    (c, v) => `${c.entity}已经换成用来${v}了。`,
    (c, v) => `${c.entity}是用来${v}的。`,
    (c, v) => `行政通知，${c.entity}不再${c.value}，改成${v}了。`,
  ],
});

export const zhRoomUse = defineFamily(
  {
    id: "zh-room-use",
    language: "zh",
    split: "held-out",
    description: "某个会议室、房间平时用来做什么；改用途会更新它。",
  },
  [room],
);

type Seat = ZhPerson & { entity: string; value: string };

const desk = variant<Seat>({
  attribute: "工位",
  draw: (r, book) => {
    const p = zhPerson(r, book);
    return { ...p, entity: p.name, value: book.fresh(ZH_DESK) };
  },
  forms: [
    (c) => `${c.ref}坐在${c.value}。`,
    (c) => `我${c.rel}${c.name}的工位是${c.value}。`,
    (c) => `${c.value}是${c.name}的位置。`,
    (c) => `至于${c.name}，${c.ta}的工位在${c.value}。`,
    (c) => [`${c.name}坐哪儿？`, `${c.name}在${c.value}，靠窗那边。`],
    (c) => `新来的实习生${c.name}被安排在${c.value}。`,
    (c) => `${c.name}（财务部的）换座位后坐在${c.value}。`,
    (c) => `要找${c.name}的话，${c.ta}就在${c.value}。`,
  ],
  questions: [
    (c) => `${c.name}坐在哪？`,
    (c) => `${c.name}的工位是哪个？`,
    (c) => `${c.name}的座位在哪？`,
    (c) => `你知道${c.name}坐哪个工位吗？`,
  ],
  next: (_c, _r, book) => book.fresh(ZH_DESK),
  updates: [
    (c, v) => `${c.name}搬到了${v}。`,
    (c, v) => `${c.name}现在坐${v}。`,
    (c, v) => `${c.name}的工位改成${v}了。`,
    (c, v) => `${c.name}坐在${v}。`,
    (c, v) => `调座以后${c.name}去了${v}。`,
  ],
});

export const zhDesks = defineFamily(
  {
    id: "zh-desks",
    language: "zh",
    split: "dev",
    description: "同事坐哪个工位；调座会更新它。",
  },
  [desk],
);

type Host = { entity: string; value: string };

const host = variant<Host>({
  attribute: "操作系统",
  draw: (r, book) => ({ entity: book.entity(HOST_NAME), value: pick(r, ZH_OPERATING_SYSTEMS) }),
  forms: [
    (c) => `${c.entity}装的是${c.value}。`,
    (c) => `${c.entity}的系统是${c.value}。`,
    (c) => `${c.entity}跑的是${c.value}。`,
    (c) => [`新的那台机器装的什么系统？`, `${c.entity}装的是${c.value}。`],
    (c) => `至于${c.entity}，系统暂时是${c.value}。`,
    (c) => `${c.value}是${c.entity}上跑的系统。`,
    (c) => `我们家那台${c.entity}装的是${c.value}，平时当下载机用。`,
    (c) => `注意${c.entity}是${c.value}，装软件别用错包管理器。`,
  ],
  questions: [
    (c) => `${c.entity}装的是什么系统？`,
    (c) => `${c.entity}跑的什么操作系统？`,
    (c) => `${c.entity}的操作系统是什么？`,
    (c) => `${c.entity}用的哪个系统？`,
  ],
  next: (c, r) => other(r, ZH_OPERATING_SYSTEMS, c.value),
  updates: [
    (c, v) => `${c.entity}升级到${v}了。`,
    (c, v) => `${c.entity}重装成了${v}。`,
    (c, v) => `${c.entity}现在是${v}。`,
    (c, v) => `${c.entity}的系统换成了${v}。`,
    (c, v) => `${c.entity}装的是${v}。`,
  ],
});

export const zhHostOs = defineFamily(
  {
    id: "zh-host-os",
    language: "zh",
    split: "dev",
    description: "某台服务器或机器装的什么操作系统；重装会更新它。",
  },
  [host],
);
