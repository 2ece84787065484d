/**
 * 中文日程类：跟某位医生约在哪天（held-out）；社团每周哪天活动、兴趣班几点上课（dev）。
 */

import { defineFamily, variant } from "./kit.js";
import {
  chance,
  other,
  pick,
  ZH_CLASS,
  ZH_CLUB,
  ZH_FULL_NAME_F,
  ZH_FULL_NAME_M,
  ZH_WEEKDAYS,
  zhDate,
  zhTime,
} from "./names.js";

const DEPARTMENTS = ["牙科", "皮肤科", "眼科", "骨科", "口腔正畸", "心内科", "中医科", "康复科", "耳鼻喉科"];
const REASONS = ["看牙", "复查", "拔智齿", "拆线", "看膝盖", "做理疗", "配眼镜", "看皮肤", "拿检查结果"];

type Appt = { entity: string; value: string; dept: string };

const appointment = variant<Appt>({
  attribute: "预约日期",
  draw: (r, book) => ({
    entity: book.entity(chance(r, 0.5) ? ZH_FULL_NAME_F : ZH_FULL_NAME_M),
    value: zhDate(r),
    dept: pick(r, DEPARTMENTS),
  }),
  forms: [
    (c, r) => `我约了${c.entity}医生${c.value}${pick(r, REASONS)}。`,
    (c) => `我跟${c.entity}医生约的是${c.value}。`,
    (c) => `${c.entity}大夫给我约在了${c.value}复诊。`,
    (c) => `至于${c.dept}那边，${c.entity}医生${c.value}能看。`,
    (c) => [`你什么时候去看医生？`, `${c.value}，约的${c.entity}医生。`],
    (c, r) => `${c.value}要去找${c.entity}医生${pick(r, REASONS)}。`,
    (c) => `我妈在${c.entity}医生那里挂了${c.value}的号，我得陪她去。`,
    (c) => `提醒一下自己：${c.value}，${c.dept}，${c.entity}医生。`,
    (c) => `好不容易约上了${c.entity}医生，${c.value}上午第一个号。`,
  ],
  questions: [
    (c) => `和${c.entity}医生约的是哪天？`,
    (c) => `${c.entity}医生的预约是哪天？`,
    (c) => `什么时候去看${c.entity}医生？`,
    (c) => `约${c.entity}大夫是几号？`,
  ],
  next: (c, r) => {
    for (;;) {
      const d = zhDate(r, c.value);
      if (!d.includes(c.value) && !c.value.includes(d)) return d;
    }
  },
  updates: [
    (c, v) => `${c.entity}医生那边改到了${v}。`,
    (c, v) => `跟${c.entity}医生的预约改成${v}了。`,
    (c, v) => `${c.entity}医生临时有事，改约${v}。`,
    (c, v) => `我现在约的是${c.entity}医生${v}的号。`,
    (c, v) => `跟${c.entity}医生约在${v}。`,
    (c, v) => `${c.entity}医生的号我退了，重新挂了${v}的。`,
  ],
});

export const zhAppointments = defineFamily(
  {
    id: "zh-appointments",
    language: "zh",
    split: "held-out",
    description: "跟某位医生约在哪天；改约会更新它。",
  },
  [appointment],
);

type Slot = { entity: string; value: string };

const club = variant<Slot>({
  attribute: "活动日",
  draw: (r, book) => ({ entity: book.entity(ZH_CLUB), value: pick(r, ZH_WEEKDAYS) }),
  forms: [
    (c) => `${c.entity}每${c.value}活动。`,
    (c) => `${c.entity}定在${c.value}晚上。`,
    (c) => `至于${c.entity}，固定${c.value}早上集合。`,
    (c) => [`你们那个活动一般哪天？`, `${c.entity}一般${c.value}。`],
    (c) => `${c.value}是${c.entity}的活动日。`,
    (c) => `我女儿参加的${c.entity}每${c.value}聚一次。`,
    (c) => `${c.entity}（在社区图书馆那个）一般${c.value}聚。`,
    (c) => `我报了${c.entity}，他们每${c.value}下午碰头。`,
  ],
  questions: [
    (c) => `${c.entity}哪天活动？`,
    (c) => `${c.entity}是周几？`,
    (c) => `${c.entity}每周几聚？`,
    (c) => `${c.entity}固定在哪天？`,
  ],
  next: (c, r) => other(r, ZH_WEEKDAYS, c.value),
  updates: [
    (c, v) => `${c.entity}改到${v}了。`,
    (c, v) => `${c.entity}现在${v}活动。`,
    (c, v) => `${c.entity}从这个月起换成${v}。`,
    (c, v) => `${c.entity}每${v}活动。`,
    (c, v) => `${c.entity}的活动日已经调到${v}了。`,
    (c, v) => `场地冲突，${c.entity}从${c.value}挪到了${v}。`,
  ],
});

const lesson = variant<Slot>({
  attribute: "上课时间",
  draw: (r, book) => ({ entity: book.entity(ZH_CLASS), value: zhTime(r) }),
  forms: [
    (c) => `${c.entity}${c.value}上课。`,
    (c) => `${c.entity}的上课时间是${c.value}。`,
    (c) => `我儿子的${c.entity}${c.value}开始。`,
    (c) => [`孩子的课几点？`, `${c.entity}是${c.value}。`],
    (c) => `至于${c.entity}，${c.value}开课。`,
    (c) => `${c.value}是${c.entity}的上课时间。`,
    (c, r) => `${c.entity}每${pick(r, ZH_WEEKDAYS)}${c.value}上，别忘了送孩子。`,
    (c) => `我帮孩子报了${c.entity}，${c.value}那一节。`,
  ],
  questions: [
    (c) => `${c.entity}几点上课？`,
    (c) => `${c.entity}什么时间开始？`,
    (c) => `${c.entity}的上课时间是几点？`,
  ],
  next: (c, r) => {
    for (;;) {
      const t = zhTime(r, c.value);
      if (!t.includes(c.value) && !c.value.includes(t)) return t;
    }
  },
  updates: [
    (c, v) => `${c.entity}改到${v}了。`,
    (c, v) => `${c.entity}现在${v}上课。`,
    (c, v) => `${c.entity}调整到${v}。`,
    (c, v) => `${c.entity}${v}上课。`,
    (c, v) => `${c.entity}的时间调成了${v}。`,
  ],
});

export const zhRecurring = defineFamily(
  {
    id: "zh-recurring",
    language: "zh",
    split: "dev",
    description: "社团每周哪天活动、兴趣班几点上课；调整时间会更新它。",
  },
  [club, lesson],
);
