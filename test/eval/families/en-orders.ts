/**
 * English order families: the status of an order or a support ticket (dev), and an invoice's amount
 * or an order's shipping address (held-out). Entities are ids like A1001, TK-5521, INV-20931.
 */

import { defineFamily, variant } from "./kit.js";
import { enAddress, enMoney, INVOICE_ID, ORDER_ID, other, pick, TICKET_ID } from "./names.js";

const ORDER_STATUSES = [
  "shipped",
  "out for delivery",
  "delivered",
  "on backorder",
  "awaiting payment",
  "cancelled",
  "refunded",
  "being packed",
  "held at customs",
  "returned to sender",
  "ready for pickup",
];
const TICKET_STATUSES = [
  "open",
  "in progress",
  "waiting on the vendor",
  "resolved",
  "escalated to tier 2",
  "closed",
  "on hold",
  "pending approval",
  "unassigned",
];
const GOODS = [
  "the standing desk",
  "my new headphones",
  "the birthday present for my niece",
  "the replacement charger",
  "the garden chairs",
  "a pair of running shoes",
  "the coffee grinder",
  "the printer ink",
];
const ISSUES = [
  "the VPN issue",
  "my laptop that won't boot",
  "the broken badge reader",
  "the email quota problem",
  "the payroll login bug",
  "the projector in the big room",
];

type Status = { entity: string; value: string };

const order = variant<Status>({
  attribute: "order status",
  weight: 3,
  draw: (r, book) => ({ entity: book.entity(ORDER_ID), value: pick(r, ORDER_STATUSES) }),
  forms: [
    (c) => `Order ${c.entity} is ${c.value}.`,
    (c) => `The tracking page says order ${c.entity} is ${c.value}.`,
    (c, r) => `My order ${c.entity} (${pick(r, GOODS)}) shows as ${c.value}.`,
    (c, r) => [`Any news on ${pick(r, GOODS)}?`, `Yes, order ${c.entity} is ${c.value}.`],
    (c) => `Just checked: the status of ${c.entity} is ${c.value}.`,
    (c) => `As for order ${c.entity}, the shop marked it as ${c.value} this morning.`,
    (c) => `"${c.value}" — that's what it says for order ${c.entity}.`,
    (c) => `The order I placed for my dad, ${c.entity}, is ${c.value}.`,
  ],
  questions: [
    (c) => `What's the status of order ${c.entity}?`,
    (c) => `Where is order ${c.entity} at?`,
    (c) => `What does the tracking say for ${c.entity}?`,
    (c) => `What state is order ${c.entity} in?`,
  ],
  next: (c, r) => other(r, ORDER_STATUSES, c.value),
  updates: [
    (c, v) => `Order ${c.entity} is now ${v}.`,
    (c, v) => `${c.entity} was changed to ${v}.`,
    (c, v) => `Update: ${c.entity} is ${v}.`,
    (c, v) => `The shop just emailed — ${c.entity} has gone from ${c.value} to ${v}.`,
    (c, v) => `Order ${c.entity} is ${v}.`,
    (c, v) => `Tracking for ${c.entity} switched to ${v} an hour ago.`,
  ],
});

const ticket = variant<Status>({
  attribute: "ticket status",
  weight: 2,
  draw: (r, book) => ({ entity: book.entity(TICKET_ID), value: pick(r, TICKET_STATUSES) }),
  forms: [
    (c) => `Ticket ${c.entity} is ${c.value}.`,
    (c, r) => `Our IT ticket ${c.entity} (${pick(r, ISSUES)}) is ${c.value}.`,
    (c) => `The helpdesk portal shows ${c.entity} as ${c.value}.`,
    (c, r) => [`Did anyone pick up ${pick(r, ISSUES)}?`, `Ticket ${c.entity} is ${c.value}, last I looked.`],
    (c) => `As for ${c.entity}, support marked it ${c.value}.`,
    (c) => `Status of my support ticket ${c.entity}: ${c.value}.`,
    (c) => `The ticket I filed for my manager, ${c.entity}, is ${c.value}.`,
  ],
  questions: [
    (c) => `What's the status of ticket ${c.entity}?`,
    (c) => `Where does ${c.entity} stand?`,
    (c) => `What state is ${c.entity} in?`,
  ],
  next: (c, r) => other(r, TICKET_STATUSES, c.value),
  updates: [
    (c, v) => `${c.entity} is ${v} now.`,
    (c, v) => `Ticket ${c.entity} was moved to ${v}.`,
    (c, v) => `Support changed ${c.entity} to ${v}.`,
    (c, v) => `Ticket ${c.entity} is ${v}.`,
    (c, v) => `${c.entity} went from ${c.value} to ${v} this afternoon.`,
  ],
});

export const enOrderStatus = defineFamily(
  {
    id: "en-order-status",
    language: "en",
    split: "dev",
    description: "The current status of an online order or a support ticket; later statuses update it.",
  },
  [order, ticket],
);

const VENDORS = ["the contractor", "the printing shop", "the caterer", "our accountant", "the venue", "the plumber"];

const invoice = variant<Status>({
  attribute: "amount",
  draw: (r, book) => ({ entity: book.entity(INVOICE_ID), value: enMoney(r) }),
  forms: [
    (c) => `Invoice ${c.entity} is for ${c.value}.`,
    (c) => `${c.entity} came to ${c.value}.`,
    (c) => `The amount on ${c.entity} is ${c.value}.`,
    (c, r) => [`How much was the invoice from ${pick(r, VENDORS)}?`, `${c.entity} was for ${c.value}.`],
    (c) => `As for ${c.entity}, we owe ${c.value} by the end of the month.`,
    (c, r) => `${c.value} — that's the total on ${c.entity} from ${pick(r, VENDORS)}.`,
    (c) => `I paid ${c.entity} (the catering bill), ${c.value} in total.`,
    (c) => `My freelance invoice ${c.entity} went out yesterday for ${c.value}.`,
  ],
  questions: [
    (c) => `How much is invoice ${c.entity}?`,
    (c) => `What's the amount on ${c.entity}?`,
    (c) => `What does ${c.entity} come to?`,
    (c) => `What's the total of ${c.entity}?`,
  ],
  next: (c, r) => {
    for (;;) {
      const m = enMoney(r, c.value);
      if (!m.includes(c.value) && !c.value.includes(m)) return m;
    }
  },
  updates: [
    (c, v) => `${c.entity} was reissued for ${v}.`,
    (c, v) => `The corrected total on ${c.entity} is ${v}.`,
    (c, v) => `${c.entity} is now ${v} after they fixed the line items.`,
    (c, v) => `They changed ${c.entity} to ${v}.`,
    (c, v) => `Invoice ${c.entity} is for ${v}.`,
  ],
});

const address = variant<Status>({
  attribute: "shipping address",
  draw: (r, book) => ({ entity: book.entity(ORDER_ID), value: enAddress(r) }),
  forms: [
    (c) => `Order ${c.entity} ships to ${c.value}.`,
    (c) => `The shipping address for ${c.entity} is ${c.value}.`,
    (c) => `${c.entity} is going to my office at ${c.value}.`,
    (c) => [`Where should order ${c.entity} be delivered?`, `Send ${c.entity} to ${c.value}, please.`],
    (c) => `I had order ${c.entity} sent to my mum's place, ${c.value}.`,
    (c) => `As for ${c.entity}, the delivery address is ${c.value}.`,
    (c) => `${c.value} is the address on order ${c.entity}.`,
  ],
  questions: [
    (c) => `Where is order ${c.entity} being shipped?`,
    (c) => `What's the shipping address for ${c.entity}?`,
    (c) => `Which address does ${c.entity} go to?`,
  ],
  next: (c, r) => {
    for (;;) {
      const a = enAddress(r);
      if (a !== c.value) return a;
    }
  },
  updates: [
    (c, v) => `I changed the delivery address for ${c.entity} to ${v}.`,
    (c, v) => `${c.entity} is now going to ${v}.`,
    (c, v) => `${c.entity} will ship to ${v} instead.`,
    (c, v) => `The shipping address on ${c.entity} was updated to ${v}.`,
    (c, v) => `Order ${c.entity} ships to ${v}.`,
  ],
});

export const enInvoices = defineFamily(
  {
    id: "en-invoices",
    language: "en",
    split: "held-out",
    description: "An invoice's amount and an order's shipping address; corrections update them.",
  },
  [invoice, address],
);
