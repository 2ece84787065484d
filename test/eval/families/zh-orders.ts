/**
 * 中文订单类：网购订单、工单现在是什么状态（held-out）；发票金额、订单收货地址（dev）。
 * 实体是编号：A1001、ORD-48213、TK-5521、INV-20931。
 */

import { defineFamily, variant } from "./kit.js";
import { INVOICE_ID, ORDER_ID, other, pick, TICKET_ID, zhAddress, zhMoney } from "./names.js";

const ORDER_STATUSES = [
  "已发货",
  "派送中",
  "已签收",
  "待付款",
  "已取消",
  "已退款",
  "缺货",
  "待发货",
  "清关中",
  "退回中",
  "待自提",
];
const TICKET_STATUSES = ["处理中", "待确认", "已解决", "已关闭", "已升级", "挂起", "待分配", "等待供应商回复"];
const GOODS = ["书架", "空气净化器", "给我妈买的按摩椅", "键盘", "猫粮", "登山鞋", "咖啡机", "儿童座椅"];
const ISSUES = ["VPN连不上的问题", "打印机卡纸", "门禁卡失效", "邮箱满了的问题", "报销系统登不上", "会议室投影坏了"];

type Status = { entity: string; value: string };

const order = variant<Status>({
  attribute: "订单状态",
  weight: 3,
  draw: (r, book) => ({ entity: book.entity(ORDER_ID), value: pick(r, ORDER_STATUSES) }),
  forms: [
    (c) => `订单${c.entity}的状态是${c.value}。`,
    (c) => `${c.entity}显示${c.value}。`,
    (c) => `我查了一下，${c.entity}现在是${c.value}。`,
    (c) => `至于${c.entity}，商家那边标的是${c.value}。`,
    (c, r) => [`你买的${pick(r, GOODS)}到哪了？`, `${c.entity}显示${c.value}。`],
    (c, r) => `我那单${c.entity}（买的${pick(r, GOODS)}）状态是${c.value}。`,
    (c) => `${c.value}——这是${c.entity}最新的状态。`,
    (c) => `帮我爸下的那单${c.entity}，物流页面写着${c.value}。`,
  ],
  questions: [
    (c) => `${c.entity}现在是什么状态？`,
    (c) => `订单${c.entity}到哪一步了？`,
    (c) => `${c.entity}的状态是什么？`,
    (c) => `你还记得${c.entity}那单是什么情况吗？`,
  ],
  next: (c, r) => other(r, ORDER_STATUSES, c.value),
  updates: [
    (c, v) => `${c.entity}的状态变成了${v}。`,
    (c, v) => `${c.entity}现在是${v}。`,
    (c, v) => `${c.entity}更新为${v}了。`,
    (c, v) => `${c.entity}的状态改成了${v}。`,
    (c, v) => `${c.entity}显示${v}。`,
    (c, v) => `刚收到短信，${c.entity}从${c.value}变成${v}了。`,
  ],
});

const ticket = variant<Status>({
  attribute: "工单状态",
  weight: 2,
  draw: (r, book) => ({ entity: book.entity(TICKET_ID), value: pick(r, TICKET_STATUSES) }),
  forms: [
    (c) => `工单${c.entity}现在是${c.value}。`,
    (c, r) => `我提的${c.entity}（${pick(r, ISSUES)}）状态是${c.value}。`,
    (c) => `IT系统里${c.entity}显示${c.value}。`,
    (c, r) => [`${pick(r, ISSUES)}有人管了吗？`, `${c.entity}那个工单是${c.value}。`],
    (c) => `至于${c.entity}，运维那边标成了${c.value}。`,
    (c) => `${c.entity}这个工单目前${c.value}。`,
  ],
  questions: [
    (c) => `工单${c.entity}是什么状态？`,
    (c) => `${c.entity}处理到哪一步了？`,
    (c) => `${c.entity}现在什么情况？`,
  ],
  next: (c, r) => other(r, TICKET_STATUSES, c.value),
  updates: [
    (c, v) => `${c.entity}的状态已经是${v}了。`,
    (c, v) => `${c.entity}现在是${v}。`,
    (c, v) => `${c.entity}被改成了${v}。`,
    (c, v) => `工单${c.entity}是${v}。`,
    (c, v) => `${c.entity}从${c.value}变成了${v}。`,
  ],
});

export const zhOrderStatus = defineFamily(
  {
    id: "zh-order-status",
    language: "zh",
    split: "held-out",
    description: "网购订单、IT工单当前的状态；之后的状态会更新它。",
  },
  [order, ticket],
);

const VENDORS = ["装修公司", "印刷厂", "餐饮公司", "会场", "物业", "设计工作室"];

const invoice = variant<Status>({
  attribute: "金额",
  draw: (r, book) => ({ entity: book.entity(INVOICE_ID), value: zhMoney(r) }),
  forms: [
    (c) => `发票${c.entity}的金额是${c.value}。`,
    (c) => `${c.entity}这张发票开了${c.value}。`,
    (c) => `${c.entity}一共${c.value}。`,
    (c, r) => [`${pick(r, VENDORS)}那张发票多少钱？`, `${c.entity}，${c.value}。`],
    (c) => `至于${c.entity}，总共${c.value}，月底前要付。`,
    (c) => `${c.value}——这是${c.entity}上的金额。`,
    (c) => `我报销的那张发票${c.entity}，金额${c.value}。`,
    (c, r) => `${c.entity}是${pick(r, VENDORS)}开过来的，${c.value}。`,
  ],
  questions: [
    (c) => `${c.entity}的金额是多少？`,
    (c) => `${c.entity}这张发票多少钱？`,
    (c) => `发票${c.entity}开了多少钱？`,
    (c) => `${c.entity}一共多少钱？`,
  ],
  next: (c, r) => {
    for (;;) {
      const m = zhMoney(r, c.value);
      if (!m.includes(c.value) && !c.value.includes(m)) return m;
    }
  },
  updates: [
    (c, v) => `${c.entity}重新开了，金额改成${v}。`,
    (c, v) => `${c.entity}现在是${v}。`,
    (c, v) => `${c.entity}的金额已经更正为${v}了。`,
    (c, v) => `${c.entity}是${v}。`,
    (c, v) => `${c.entity}核对以后改成${v}了。`,
  ],
});

const address = variant<Status>({
  attribute: "收货地址",
  draw: (r, book) => ({ entity: book.entity(ORDER_ID), value: zhAddress(r) }),
  forms: [
    (c) => `订单${c.entity}寄到${c.value}。`,
    (c) => `${c.entity}的收货地址是${c.value}。`,
    (c) => `我把${c.entity}的地址填成了公司：${c.value}。`,
    (c) => [`${c.entity}寄到哪里？`, `${c.entity}寄到${c.value}。`],
    (c) => `至于${c.entity}，收货地址写的是我爸妈家，${c.value}。`,
    (c) => `${c.value}，这是${c.entity}的收货地址。`,
    (c) => `${c.entity}那单我让寄到${c.value}，到了帮我留意一下。`,
  ],
  questions: [
    (c) => `订单${c.entity}的收货地址是哪里？`,
    (c) => `${c.entity}寄到哪？`,
    (c) => `${c.entity}送到什么地址？`,
  ],
  next: (c, r) => {
    for (;;) {
      const a = zhAddress(r);
      if (a !== c.value) return a;
    }
  },
  updates: [
    (c, v) => `${c.entity}的收货地址改成了${v}。`,
    (c, v) => `${c.entity}现在改寄到${v}。`,
    (c, v) => `我把${c.entity}的地址换成了${v}。`,
    (c, v) => `${c.entity}寄到${v}。`,
    (c, v) => `${c.entity}已经改成送到${v}了。`,
  ],
});

export const zhInvoices = defineFamily(
  {
    id: "zh-invoices",
    language: "zh",
    split: "dev",
    description: "发票金额和订单收货地址；更正会更新它。",
  },
  [invoice, address],
);
