/**
 * A small bilingual retrieval fixture for the hybrid test, read with the product's own
 * embedder (HashEmbeddings: lexical, character n-grams, no notion of meaning) and BM25.
 * Neither channel is told the answers; the queries exercise what each one is, by its
 * construction, good or bad at:
 *
 * - `rare-term`: one rare exact word beside a word that many memories share. BM25's IDF
 *   weighs the rare word; the hash vectors have no IDF, so the short memories sharing the
 *   frequent word crowd the target out.
 * - `near-id`: an identifier among others of nearly the same characters (OPS-4471 vs
 *   OPS-4417). BM25 matches the exact token; character trigrams blur them.
 * - `inflection` and `misspelling`: no word of the query is in the target as such (jog vs
 *   jogging, accomodation vs accommodation). BM25 has no term to match; trigrams overlap.
 * - `zh-segmentation`: Chinese whose query and memory may segment differently; both channels
 *   bridge it (BM25 with character bigrams, the vectors with character n-grams).
 *
 * Some queries are hard for both, and stay in: the test compares channels, it is not tuned
 * to a perfect score.
 */
export interface FixtureMemory {
  id: string;
  content: string;
}

export interface FixtureQuery {
  query: string;
  target: string;
  /** What the query exercises (see above), for the failure messages. */
  probes: "rare-term" | "near-id" | "inflection" | "misspelling" | "zh-segmentation";
}

export const FIXTURE_MEMORIES: FixtureMemory[] = [
  // Frequent words: many short memories about reports, tickets and orders.
  { id: "d_report1", content: "The user wants the weekly report on Friday" },
  { id: "d_report2", content: "The user wants the report as a PDF" },
  { id: "d_report3", content: "The user wants the report sent to the team" },
  { id: "d_report4", content: "The user wants short report summaries" },
  { id: "d_report5", content: "The user wants the report in English" },
  { id: "d_ticket1", content: "The user's ticket OPS-4417 is still open" },
  { id: "d_ticket2", content: "Ticket OPS-4714 is still open for the user" },
  { id: "d_ticket3", content: "The user's ticket OPS-7441 is still open" },
  { id: "d_ticket4", content: "Ticket OPS-1447 is still open" },
  { id: "d_ticket5", content: "The ticket OPS-4147 is still open" },
  { id: "d_order1", content: "用户的订单 SF1029384765 已经签收了" },
  { id: "d_order2", content: "用户的订单 SF1029384657 已经发货了" },
  { id: "d_order3", content: "用户的订单 SF1092384756 已经取消了" },
  { id: "d_order4", content: "用户的订单 SF1029387456 已经退款了" },
  { id: "d_order5", content: "用户的订单 SF1029834756 已经到了" },
  { id: "d_badge1", content: "Badge A77812 belongs to a contractor" },
  { id: "d_badge2", content: "Badge A78821 was reported lost" },
  { id: "d_badge3", content: "Badge A77281 opens the loading dock" },
  { id: "d_misc1", content: "用户喜欢喝咖啡" },
  { id: "d_misc2", content: "The user lives in Lisbon" },
  { id: "d_misc3", content: "用户周末去公园散步" },
  // Targets of the queries.
  { id: "k_zephyr", content: "Zephyr quarterly numbers go straight to finance" },
  { id: "k_ticket", content: "OPS-4471 was escalated to the storage vendor after Monday's outage" },
  { id: "k_waybill", content: "退货单号 SF1029384756 由用户自己寄出" },
  { id: "k_budget", content: "The Halvorsen budget review moved to Tuesday" },
  { id: "k_badge", content: "Badge A77821 opens the server room on the third floor" },
  { id: "v_jog", content: "The user goes jogging along the river" },
  { id: "v_deploy", content: "Deployments happen every Thursday afternoon" },
  { id: "v_shellfish", content: "The user is allergic to shellfish" },
  { id: "v_lodging", content: "The accommodation budget for the trip is tight" },
  { id: "v_restaurant", content: "The user's favourite restaurant is Nopa" },
  { id: "v_swim", content: "The user swims before work" },
  { id: "v_photo", content: "The user photographs birds at weekends" },
  { id: "v_cook", content: "The user cooked dinner for the neighbours" },
  { id: "z_cilantro", content: "用户不喜欢吃香菜" },
  { id: "z_icecream", content: "用户夏天每天吃一个冰淇淋" },
];

export const FIXTURE_QUERIES: FixtureQuery[] = [
  { query: "the report for Zephyr", target: "k_zephyr", probes: "rare-term" },
  { query: "the report on Halvorsen", target: "k_budget", probes: "rare-term" },
  { query: "ticket OPS-4471", target: "k_ticket", probes: "near-id" },
  { query: "the user's ticket OPS-4471", target: "k_ticket", probes: "near-id" },
  { query: "订单 SF1029384756", target: "k_waybill", probes: "near-id" },
  { query: "用户的订单 SF1029384756", target: "k_waybill", probes: "near-id" },
  { query: "which room does badge A77821 open", target: "k_badge", probes: "near-id" },
  { query: "does the user jog", target: "v_jog", probes: "inflection" },
  { query: "when does the team deploy", target: "v_deploy", probes: "inflection" },
  { query: "swimming", target: "v_swim", probes: "inflection" },
  { query: "photography hobby", target: "v_photo", probes: "inflection" },
  { query: "who does the user cook for", target: "v_cook", probes: "inflection" },
  { query: "shelfish allergy", target: "v_shellfish", probes: "misspelling" },
  { query: "accomodation", target: "v_lodging", probes: "misspelling" },
  { query: "favorite restaraunt", target: "v_restaurant", probes: "misspelling" },
  { query: "吃香菜", target: "z_cilantro", probes: "zh-segmentation" },
  { query: "冰淇淋", target: "z_icecream", probes: "zh-segmentation" },
];
