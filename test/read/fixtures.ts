/**
 * A small bilingual retrieval fixture for the hybrid test. Half the queries can only be
 * answered by meaning (a paraphrase or the other language: 拿铁 ↔ coffee), half only by an
 * exact identifier among many memories holding other identifiers of the same shape
 * (SF1029384756 vs SF5550001111) — the lookups dense embeddings blur.
 */
export interface FixtureMemory {
  id: string;
  content: string;
}

export interface FixtureQuery {
  query: string;
  target: string;
  /** Which channel the query was written to need. */
  needs: "vector" | "keyword";
}

export const FIXTURE_MEMORIES: FixtureMemory[] = [
  // identifiers of the same shapes, unrelated to any query (listed first: ties never favour targets)
  { id: "d_sf1", content: "SF5550001111 已签收" },
  { id: "d_sf2", content: "SF2223334444 在路上" },
  { id: "d_ops1", content: "OPS-1190 was closed" },
  { id: "d_ops2", content: "OPS-5502 is waiting" },
  { id: "d_inv1", content: "INV-2023-0301 was refunded" },
  { id: "d_inv2", content: "INV-2024-1122 is overdue" },
  { id: "d_ca1", content: "CA1502 was cancelled" },
  { id: "d_ca2", content: "MU5137 is delayed" },
  { id: "d_room1", content: "B0903 已满" },
  { id: "d_room2", content: "C2210 在装修" },
  { id: "d_code1", content: "取件码 118204 已过期" },
  { id: "d_code2", content: "工号 A10233 已离职" },
  { id: "d_repo1", content: "atlas-kv-2 is archived" },
  { id: "d_repo2", content: "orion-db-4 is read-only" },
  { id: "d_plate1", content: "车位 P1-007 空闲" },
  { id: "d_plate2", content: "车位 P2-420 已租" },
  // answered by meaning
  { id: "s_coffee", content: "用户每天早上喝一杯拿铁" },
  { id: "s_cilantro", content: "The user never eats coriander" },
  { id: "s_dog", content: "用户养了一只金毛" },
  { id: "s_city", content: "The user lives in Beijing" },
  { id: "s_jog", content: "用户周末去公园慢跑" },
  { id: "s_peanut", content: "The user is allergic to peanuts" },
  { id: "s_sister", content: "用户的妹妹在上海读大学" },
  { id: "s_japanese", content: "The user is learning Japanese" },
  { id: "s_vegetarian", content: "用户吃素，一点肉都不碰" },
  { id: "s_subway", content: "The user commutes by metro" },
  // answered by an identifier
  { id: "k_waybill", content: "用户退货的单号是 SF1029384756" },
  { id: "k_phoenix", content: "Phoenix-7 ships on May 3" },
  { id: "k_badge", content: "用户的工号是 A77821" },
  { id: "k_invoice", content: "INV-2024-0917 was settled in cash" },
  { id: "k_room", content: "B1207 是用户常去的会议室" },
  { id: "k_ticket", content: "OPS-4471 belongs to the user" },
  { id: "k_flight", content: "CA1831 is booked for the user" },
  { id: "k_locker", content: "用户的取件码是 660312" },
  { id: "k_repo", content: "atlas-kv-9 is the user's main codebase" },
  { id: "k_plate", content: "用户的车位编号 P3-118" },
];

export const FIXTURE_QUERIES: FixtureQuery[] = [
  { query: "What coffee does the user drink?", target: "s_coffee", needs: "vector" },
  { query: "用户吃香菜吗", target: "s_cilantro", needs: "vector" },
  { query: "Does the user have a dog?", target: "s_dog", needs: "vector" },
  { query: "用户住在哪个城市", target: "s_city", needs: "vector" },
  { query: "What sport does the user do on Saturday?", target: "s_jog", needs: "vector" },
  { query: "用户对坚果过敏吗", target: "s_peanut", needs: "vector" },
  { query: "Does the user have a sibling?", target: "s_sister", needs: "vector" },
  { query: "用户在学哪门外语", target: "s_japanese", needs: "vector" },
  { query: "Is the user vegetarian?", target: "s_vegetarian", needs: "vector" },
  { query: "用户每天怎么通勤", target: "s_subway", needs: "vector" },
  { query: "SF1029384756 现在到哪了", target: "k_waybill", needs: "keyword" },
  { query: "when does Phoenix-7 ship", target: "k_phoenix", needs: "keyword" },
  { query: "A77821 是谁", target: "k_badge", needs: "keyword" },
  { query: "INV-2024-0917", target: "k_invoice", needs: "keyword" },
  { query: "B1207 在几楼", target: "k_room", needs: "keyword" },
  { query: "what is OPS-4471", target: "k_ticket", needs: "keyword" },
  { query: "CA1831", target: "k_flight", needs: "keyword" },
  { query: "660312 对应哪个快递", target: "k_locker", needs: "keyword" },
  { query: "open atlas-kv-9", target: "k_repo", needs: "keyword" },
  { query: "P3-118 在哪", target: "k_plate", needs: "keyword" },
];
