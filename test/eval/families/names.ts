/**
 * Seeded generators for the names and values the families talk about: invented English personal
 * names, project code names and ids, Chinese names, nicknames, project/room/club names, places and
 * everyday values. Names are combined from small inventories, never taken from lists of full names.
 * `NameBook` keeps the entities of one generate() call distinct and mixes in near-misses.
 */

export type Rand = () => number;

export function pick<T>(r: Rand, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** Integer in [lo, hi]. */
export function int(r: Rand, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

export function chance(r: Rand, p: number): boolean {
  return r() < p;
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a paramedic", "an architect". */
export function an(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(uni|euro|one|ux|use)/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** A value from `list` other than `old`, and neither containing the other ("7 pm" vs "7 pm sharp"). */
export function other(r: Rand, list: readonly string[], old: string): string {
  for (let i = 0; i < 200; i += 1) {
    const v = pick(r, list);
    const a = v.toLowerCase();
    const b = old.toLowerCase();
    if (!a.includes(b) && !b.includes(a)) return v;
  }
  throw new Error(`no value other than ${old}`);
}

/** A name generator plus a way to derive a near-miss (one digit or one character off) from an earlier name. */
export interface NameKind {
  make(r: Rand): string;
  near?(r: Rand, name: string): string;
}

const DIGITS = "0123456789";

/** Changes one digit: P1992 → P1993. */
export function nearDigit(r: Rand, name: string): string {
  const at = [...name].flatMap((ch, i) => (DIGITS.includes(ch) ? [i] : []));
  if (at.length === 0) return name;
  const i = pick(r, at);
  const d = other(r, [...DIGITS], name[i]!);
  return name.slice(0, i) + d + name.slice(i + 1);
}

/** Replaces the character at `index` (negative: from the end) with another from `pool`. */
function swapChar(r: Rand, name: string, index: number, pool: readonly string[]): string {
  const chars = [...name];
  const i = index < 0 ? chars.length + index : index;
  if (i < 0 || i >= chars.length) return name;
  chars[i] = other(r, pool, chars[i]!);
  return chars.join("");
}

const VOWELS = ["a", "e", "i", "o", "u"];

/** Changes one vowel of a Latin name: Mirela → Mirala. */
export function nearVowel(r: Rand, name: string): string {
  const at = [...name].flatMap((ch, i) => (i > 0 && VOWELS.includes(ch) ? [i] : []));
  if (at.length === 0) return name;
  return swapChar(r, name, pick(r, at), VOWELS);
}

/** Applies `nearVowel` to one word only (the first by default; negative counts from the end). */
export function nearInWord(r: Rand, name: string, index = 0): string {
  const words = name.split(" ");
  const i = index < 0 ? words.length + index : index;
  words[i] = nearVowel(r, words[i]!);
  return words.join(" ");
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/**
 * Whether `a` occurs inside `b` as a name of its own. A number running on is a different name
 * ("web-1" in "web-12", "14B" in "114B"); anything else is not ("Dax" in "Dax Orlen", 天枢 in 天枢二期).
 */
function inside(a: string, b: string): boolean {
  for (let i = b.indexOf(a); i >= 0; i = b.indexOf(a, i + 1)) {
    const runsOn = (isDigit(b[i - 1]) && isDigit(a[0])) || (isDigit(b[i + a.length]) && isDigit(a[a.length - 1]));
    if (!runsOn) return true;
  }
  return false;
}

/**
 * Keeps the entities of one generate() call distinct. No name equals, contains or is contained in
 * another (see `inside`: "Dax" never sits beside "Dax Orlen"); about one entity in seven is a near-miss of an
 * earlier one of the same kind (P1992/P1993, 天枢/天璇, Mirela/Mirala).
 */
export class NameBook {
  private readonly used = new Set<string>();
  /** Taken names by each two-character piece, to find the names a candidate might sit inside. */
  private readonly byPair = new Map<string, string[]>();
  private readonly byKind = new Map<NameKind, string[]>();

  constructor(
    private readonly r: Rand,
    private readonly nearRate = 0.15,
  ) {}

  private free(name: string): boolean {
    const low = name.toLowerCase();
    if (this.used.has(low)) return false;
    for (let i = 0; i < low.length; i += 1) {
      for (let j = i + 1; j <= low.length; j += 1) {
        const part = low.slice(i, j);
        if (part !== low && this.used.has(part) && inside(part, low)) return false;
      }
    }
    let fewest: readonly string[] | undefined;
    for (let i = 0; i + 2 <= low.length; i += 1) {
      const list = this.byPair.get(low.slice(i, i + 2)) ?? [];
      if (!fewest || list.length < fewest.length) fewest = list;
    }
    return !(fewest ?? [...this.used]).some((u) => inside(low, u));
  }

  private take(name: string): string {
    const low = name.toLowerCase();
    this.used.add(low);
    for (const pair of new Set(Array.from({ length: Math.max(0, low.length - 1) }, (_, i) => low.slice(i, i + 2)))) {
      const list = this.byPair.get(pair);
      if (list) list.push(low);
      else this.byPair.set(pair, [low]);
    }
    return name;
  }

  /** Takes `name` if nothing taken so far equals, contains or sits inside it; says whether it did. */
  claim(name: string): boolean {
    if (!this.free(name)) return false;
    this.take(name);
    return true;
  }

  /** A new entity name of `kind`, sometimes a near-miss of an earlier one. */
  entity(kind: NameKind): string {
    const earlier = this.byKind.get(kind) ?? [];
    this.byKind.set(kind, earlier);
    if (kind.near && earlier.length > 0 && chance(this.r, this.nearRate)) {
      for (let i = 0; i < 4; i += 1) {
        const name = kind.near(this.r, pick(this.r, earlier));
        if (this.free(name)) {
          earlier.push(name);
          return this.take(name);
        }
      }
    }
    const name = this.fresh(kind);
    earlier.push(name);
    return name;
  }

  /** A new name of `kind` that collides with nothing taken so far (values that name people, desks, …). */
  fresh(kind: NameKind | ((r: Rand) => string)): string {
    const make = typeof kind === "function" ? kind : (r: Rand) => kind.make(r);
    for (let i = 0; i < 500; i += 1) {
      const name = make(this.r);
      if (this.free(name)) return this.take(name);
    }
    throw new Error("NameBook: name space exhausted");
  }
}

// ---------------------------------------------------------------- English personal names

const EN_ONSETS = [
  "",
  "",
  "b",
  "c",
  "d",
  "f",
  "g",
  "h",
  "j",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "w",
  "z",
  "br",
  "cl",
  "dr",
  "fr",
  "gr",
  "st",
  "th",
  "sh",
  "tr",
];
const EN_VOWELS = ["a", "a", "e", "e", "i", "o", "o", "u", "a", "e", "i", "o"];
/** One consonant between syllables, or a soft coda plus one ("lv", "rd", "nt"). */
const EN_SIMPLE = ["l", "r", "n", "m", "v", "d", "s", "k", "t", "b", "z"];
const EN_CLUSTERS = ["lv", "rd", "nt", "rk", "lm", "nd", "rv", "st", "ld", "rn", "lt", "ss", "ll"];
const EN_END_F = ["a", "ia", "ena", "ina", "ela", "ira", "ette", "ine", "issa", "ora", "ya", "elle", "ie", "ana"];
const EN_END_M = ["or", "an", "en", "on", "us", "ek", "o", "ir", "ias", "ard", "el", "ius", "u", "is", "ert", "as"];
const EN_SURNAME_ENDS = [
  "son",
  "ley",
  "ford",
  "wick",
  "mere",
  "ton",
  "dale",
  "ard",
  "ski",
  "ova",
  "elli",
  "ez",
  "ing",
  "ow",
  "ane",
  "o",
  "ell",
  "ett",
  "in",
  "u",
  "en",
  "hart",
  "berg",
  "more",
  "ner",
  "vik",
  "a",
];
const EN_SHORT_SURNAME_ENDS = ["ll", "n", "rn", "x", "ck", "th", "sk", "rd", "ne", "ss"];

export type Gender = "f" | "m";

/** Onset, vowel and a consonant (sometimes a cluster): "Kel" + "v", "Mi" + "r". */
function enStem(r: Rand, onsets = EN_ONSETS): string {
  const joint = chance(r, 0.3) ? pick(r, EN_CLUSTERS) : pick(r, EN_SIMPLE);
  const mid = chance(r, 0.2) ? pick(r, ["a", "e", "i", "o"]) + pick(r, EN_SIMPLE) : "";
  return pick(r, onsets) + pick(r, EN_VOWELS) + joint + mid;
}

function enGiven(r: Rand, g: Gender): string {
  return cap(enStem(r) + pick(r, g === "f" ? EN_END_F : EN_END_M));
}

const EN_SURNAME_ONSETS = EN_ONSETS.filter((o) => o !== "");

function enSurname(r: Rand): string {
  if (chance(r, 0.25)) return cap(pick(r, EN_SURNAME_ONSETS) + pick(r, EN_VOWELS) + pick(r, EN_SHORT_SURNAME_ENDS));
  const stem = pick(r, EN_SURNAME_ONSETS) + pick(r, EN_VOWELS) + pick(r, EN_SIMPLE);
  return cap(stem + pick(r, EN_SURNAME_ENDS));
}

/** "Kelvor Danu", "Mirela": one word about a third of the time. */
export function enPersonKind(g: Gender): NameKind {
  return {
    make: (r) => (chance(r, 0.35) ? enGiven(r, g) : `${enGiven(r, g)} ${enSurname(r)}`),
    near: nearVowel,
  };
}
export const EN_PERSON_F = enPersonKind("f");
export const EN_PERSON_M = enPersonKind("m");
/** Always two words: for people named as values (a tech lead, an author). */
export const EN_FULL_NAME: NameKind = {
  make: (r) => `${enGiven(r, chance(r, 0.5) ? "f" : "m")} ${enSurname(r)}`,
};
export const EN_SURNAME: NameKind = { make: enSurname, near: nearVowel };

const EN_REL_F = ["sister", "aunt", "niece", "sister-in-law", "mum's friend", "goddaughter"];
const EN_REL_M = ["brother", "uncle", "nephew", "brother-in-law", "dad's friend", "godson"];
const EN_REL_ANY = [
  "colleague",
  "coworker",
  "friend",
  "old roommate",
  "neighbour",
  "college friend",
  "teammate",
  "cousin",
  "childhood friend",
  "former boss",
  "flatmate",
  "old classmate",
  "manager",
  "running buddy",
];

export interface EnPerson {
  name: string;
  /** The first word of the name, for a second mention. */
  first: string;
  /** "colleague", "sister", … */
  rel: string;
  he: string;
  him: string;
  his: string;
  /** "my colleague Kelvor Danu" or just "Kelvor Danu". */
  ref: string;
}

export function enPerson(r: Rand, book: NameBook): EnPerson {
  const g: Gender = chance(r, 0.5) ? "f" : "m";
  const name = book.entity(g === "f" ? EN_PERSON_F : EN_PERSON_M);
  const rel = chance(r, 0.3) ? pick(r, g === "f" ? EN_REL_F : EN_REL_M) : pick(r, EN_REL_ANY);
  return {
    name,
    first: name.split(" ")[0]!,
    rel,
    he: g === "f" ? "she" : "he",
    him: g === "f" ? "her" : "him",
    his: g === "f" ? "her" : "his",
    ref: chance(r, 0.5) ? `my ${rel} ${name}` : name,
  };
}

// ---------------------------------------------------------------- English code names, ids

const CODE_ENDS = [
  "an",
  "is",
  "ium",
  "ex",
  "ora",
  "on",
  "ara",
  "yx",
  "elle",
  "ion",
  "ar",
  "ia",
  "us",
  "o",
  "ent",
  "ica",
];

function codeWord(r: Rand): string {
  return cap(enStem(r) + pick(r, CODE_ENDS));
}

const VERSION_WORDS = [
  "Falcon",
  "Harbor",
  "Lantern",
  "Meridian",
  "Quartz",
  "Beacon",
  "Atlas",
  "Kestrel",
  "Juniper",
  "Cobalt",
  "Nimbus",
  "Sparrow",
  "Granite",
  "Vesper",
  "Tundra",
  "Halcyon",
  "Obsidian",
  "Saffron",
  "Marigold",
  "Pelican",
];

/** Invented capitalised words ("Orivan", "Tessaly"). */
export const CODE_NAME: NameKind = { make: codeWord, near: nearVowel };
/** A word plus a number, like "Apollo 11": "Kestrel 7", "Orivan 12". */
export const VERSION_NAME: NameKind = {
  make: (r) => `${chance(r, 0.5) ? pick(r, VERSION_WORDS) : codeWord(r)} ${int(r, 1, 40)}`,
  near: (r, name) => {
    const [word, num] = name.split(" ");
    return `${word} ${other(r, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14"], num!)}`;
  },
};
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const letter = (r: Rand) => pick(r, [...LETTERS]);
const digits = (r: Rand, n: number) => Array.from({ length: n }, () => pick(r, [...DIGITS])).join("");

/** "P1992", "PRJ-204", "A1001". */
export const PROJECT_ID: NameKind = {
  make: (r) => (chance(r, 0.6) ? `P${int(r, 1000, 9999)}` : `${pick(r, ["PRJ", "PX", "OPS"])}-${int(r, 100, 999)}`),
  near: nearDigit,
};
/** Orders: "A1001", "ORD-48213", "40218833". */
export const ORDER_ID: NameKind = {
  make: (r) => {
    const k = int(r, 0, 2);
    if (k === 0) return `${letter(r)}${int(r, 1000, 9999)}`;
    if (k === 1) return `ORD-${int(r, 10000, 99999)}`;
    return `${int(r, 1, 9)}${digits(r, 7)}`;
  },
  near: nearDigit,
};
/** Tickets: "TK-5521", "INC-00482", "SUP-3310". */
export const TICKET_ID: NameKind = {
  make: (r) =>
    `${pick(r, ["TK", "INC", "SUP", "HD", "IT"])}-${chance(r, 0.5) ? int(r, 1000, 9999) : `00${digits(r, 3)}`}`,
  near: nearDigit,
};
/** Invoices: "INV-20931", "INV-2024-0193". */
export const INVOICE_ID: NameKind = {
  make: (r) =>
    chance(r, 0.6)
      ? `INV-${int(r, 10000, 99999)}`
      : `INV-${int(r, 2021, 2025)}-${String(int(r, 1, 999)).padStart(4, "0")}`,
  near: nearDigit,
};

const HOST_ROLES = [
  ..."build-agent db-prod db-replica web cache gpu-node ci-runner edge worker mail vpn-gw backup k8s-node".split(" "),
  ..."nas dev-box staging-gw jump render search kafka etl ml-train grafana ldap sftp queue-broker media".split(" "),
  ..."print-srv homelab pi-hole".split(" "),
];
/** Hostnames: "build-agent-3", "db-prod-07", "web-12-eu". */
export const HOST_NAME: NameKind = {
  make: (r) => {
    const n = int(r, 1, 60);
    const num = n < 10 && chance(r, 0.4) ? `0${n}` : String(n);
    return `${pick(r, HOST_ROLES)}-${num}${chance(r, 0.15) ? pick(r, ["-eu", "-us", "-sh", "-b"]) : ""}`;
  },
  near: nearDigit,
};

/** Desks: "14B", "D-217", "F4-31" (fixed widths, so no desk name sits inside another). */
export const DESK: NameKind = {
  make: (r) => {
    const k = int(r, 0, 2);
    if (k === 0) return `${int(r, 10, 99)}${pick(r, [..."ABCDEFGH"])}`;
    if (k === 1) return `${pick(r, [..."ABCDEFW"])}-${int(r, 100, 999)}`;
    return `F${int(r, 2, 9)}-${int(r, 10, 60)}`;
  },
  near: nearDigit,
};

const ROOM_WORDS = [
  "Larch",
  "Cedar",
  "Harbour",
  "Aspen",
  "Juniper",
  "Willow",
  "Birch",
  "Rowan",
  "Maple",
  "Heron",
  "Granite",
  "Summit",
  "Lagoon",
  "Orchard",
  "Saltmarsh",
  "Foxglove",
  "Thistle",
  "Bramble",
  "Copper",
  "Ember",
];
/** Rooms: "Room 202", "Larch Room", "Lab 3.14", "Meeting Room 4C", "Studio B2". */
export const EN_ROOM: NameKind = {
  make: (r) => {
    const k = int(r, 0, 4);
    if (k === 0) return `Room ${int(r, 100, 999)}`;
    if (k === 1) return `${chance(r, 0.5) ? pick(r, ROOM_WORDS) : codeWord(r)} Room`;
    if (k === 2) return `Lab ${int(r, 1, 9)}.${int(r, 1, 40)}`;
    if (k === 3) return `Meeting Room ${int(r, 1, 12)}${pick(r, [..."ABCDEF"])}`;
    return `Studio ${pick(r, [..."ABCDEFG"])}${int(r, 1, 9)}`;
  },
  near: (r, name) => (/\d/.test(name) ? nearDigit(r, name) : nearInWord(r, name)),
};

// ---------------------------------------------------------------- English places and things

export const EN_CITIES = [
  "Porto",
  "Lisbon",
  "Leeds",
  "Bristol",
  "Glasgow",
  "Dublin",
  "Austin",
  "Denver",
  "Portland",
  "Seattle",
  "Boston",
  "Chicago",
  "Toronto",
  "Vancouver",
  "Montreal",
  "Melbourne",
  "Brisbane",
  "Auckland",
  "Osaka",
  "Kyoto",
  "Seoul",
  "Taipei",
  "Singapore",
  "Berlin",
  "Hamburg",
  "Munich",
  "Vienna",
  "Zurich",
  "Prague",
  "Krakow",
  "Copenhagen",
  "Oslo",
  "Helsinki",
  "Amsterdam",
  "Rotterdam",
  "Antwerp",
  "Lyon",
  "Marseille",
  "Barcelona",
  "Valencia",
  "Seville",
  "Milan",
  "Bologna",
  "Athens",
  "Istanbul",
  "Nairobi",
  "Cape Town",
  "Mexico City",
  "Buenos Aires",
  "Edinburgh",
  "Manchester",
  "Cardiff",
  "Shanghai",
  "Chengdu",
  "Hangzhou",
  "Shenzhen",
  "Hong Kong",
];

export const EN_DATABASES = [
  "PostgreSQL",
  "MySQL",
  "MariaDB",
  "MongoDB",
  "SQLite",
  "Redis",
  "Cassandra",
  "ClickHouse",
  "DynamoDB",
  "CockroachDB",
  "Elasticsearch",
  "Neo4j",
  "TiDB",
  "Oracle",
  "SQL Server",
  "Snowflake",
  "BigQuery",
  "Firestore",
  "Couchbase",
  "ScyllaDB",
  "DuckDB",
];
export const EN_CLOUDS = [
  "AWS",
  "Azure",
  "Google Cloud",
  "Alibaba Cloud",
  "Tencent Cloud",
  "DigitalOcean",
  "Hetzner",
  "Oracle Cloud",
  "Linode",
  "OVHcloud",
  "Fly.io",
  "Vercel",
];
export const OPERATING_SYSTEMS = [
  "Ubuntu 22.04",
  "Ubuntu 24.04",
  "Debian 12",
  "Debian 11",
  "Rocky Linux 9",
  "AlmaLinux 9",
  "Windows Server 2022",
  "Windows Server 2019",
  "macOS Sonoma",
  "Alpine Linux",
  "CentOS 7",
  "FreeBSD 14",
  "Fedora 40",
  "Arch Linux",
  "openSUSE Leap 15",
  "RHEL 9",
  "NixOS",
  "Proxmox VE 8",
  "TrueNAS SCALE",
];
export const EN_COLOURS = [
  "white",
  "black",
  "silver",
  "dark blue",
  "red",
  "forest green",
  "grey",
  "burgundy",
  "yellow",
  "matte black",
  "pearl white",
  "orange",
  "sky blue",
  "champagne",
];
export const EN_CAR_MODELS = [
  "Toyota Corolla",
  "Mazda 3",
  "Tesla Model 3",
  "Volkswagen Golf",
  "Honda Civic",
  "Ford Transit",
  "Subaru Outback",
  "BYD Atto 3",
  "Kia Niro",
  "Skoda Octavia",
  "Volvo XC60",
  "Nissan Leaf",
  "Renault Clio",
  "Fiat Panda",
  "Hyundai Ioniq 5",
  "Mercedes Sprinter",
];
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "March 14" or "14 March"; `like` keeps the style of an earlier date. */
export function enDate(r: Rand, like?: string): string {
  const m = pick(r, MONTHS);
  const d = int(r, 1, 28);
  const dayFirst = like ? /^\d/.test(like) : chance(r, 0.3);
  return dayFirst ? `${d} ${m}` : `${m} ${d}`;
}

/** "6:30 pm", "7 pm", "10:15 am"; `like` keeps the am/pm of an earlier time. */
export function enTime(r: Rand, like?: string): string {
  const pm = like ? like.endsWith("pm") : chance(r, 0.7);
  const h = pm ? int(r, 1, 9) : int(r, 7, 11);
  const m = pick(r, ["", "", ":15", ":30", ":45"]);
  return `${h}${m} ${pm ? "pm" : "am"}`;
}

/** "$1,240.00", "€380.50", "£95.00"; with `like`, a corrected amount in the same currency. */
export function enMoney(r: Rand, like?: string): string {
  let currency = pick(r, ["$", "$", "€", "£"]);
  let amount = chance(r, 0.6) ? int(r, 20, 4000) : int(r, 4000, 60000);
  if (like) {
    currency = like.charAt(0);
    const old = Number(like.slice(1).replaceAll(",", ""));
    amount = Math.max(10, Math.round(old * (0.75 + r() * 0.4)));
  }
  const cents = chance(r, 0.5) ? "00" : String(int(r, 1, 99)).padStart(2, "0");
  return `${currency}${amount.toLocaleString("en-US")}.${cents}`;
}

const STREET_TYPES = ["Street", "Road", "Lane", "Avenue", "Close", "Way", "Terrace", "Crescent"];
/** "14 Larkin Street, Leeds". */
export function enAddress(r: Rand): string {
  const street = chance(r, 0.4) ? pick(r, ROOM_WORDS) : codeWord(r);
  return `${int(r, 1, 220)} ${street} ${pick(r, STREET_TYPES)}, ${pick(r, EN_CITIES)}`;
}

const COMPANY_SUFFIXES = [
  "Labs",
  "Systems",
  "Logistics",
  "Health",
  "Foods",
  "Studio",
  "Robotics",
  "Analytics",
  "Bank",
  "Media",
  "Energy",
  "Insurance",
  "Architects",
  "Games",
  "Bio",
  "Freight",
];
const EN_TITLE_ADJ = [
  "Glass",
  "Quiet",
  "Salt",
  "Hollow",
  "Paper",
  "Last",
  "Northern",
  "Drowned",
  "Winter",
  "Borrowed",
  "Forgotten",
  "Iron",
  "Silent",
  "Burning",
  "Small",
  "Distant",
  "Golden",
  "Second",
  "Midnight",
  "Crooked",
];
const EN_TITLE_NOUNS = [
  "Meridian",
  "Orchard",
  "Harbour",
  "Cartographer",
  "Lighthouse",
  "Ferryman",
  "Archive",
  "Garden",
  "Tide",
  "Letters",
  "Season",
  "Kingdom",
  "Observatory",
  "Weaver",
  "Island",
  "Clockmaker",
  "River",
  "Orphans",
  "Foundry",
  "Summer",
];
/** Book titles: "The Glass Meridian", "Letters from Vasterin", "The Clockmaker's Winter". */
export const EN_BOOK: NameKind = {
  make: (r) => {
    const k = int(r, 0, 3);
    if (k === 0) return `The ${pick(r, EN_TITLE_ADJ)} ${pick(r, EN_TITLE_NOUNS)}`;
    if (k === 1) return `${pick(r, EN_TITLE_NOUNS)} of ${codeWord(r)}`;
    if (k === 2) {
      const noun = pick(r, EN_TITLE_NOUNS);
      const owner = noun.endsWith("s") ? `${noun}'` : `${noun}'s`;
      return `The ${owner} ${pick(r, EN_TITLE_ADJ)} ${pick(r, ["Year", "Road", "Song", "Daughter"])}`;
    }
    return `${pick(r, ["Letters", "Notes", "Songs", "Postcards"])} from ${codeWord(r)}`;
  },
  near: (r, name) => {
    const adj = EN_TITLE_ADJ.find((a) => name.includes(` ${a} `) || name.endsWith(` ${a}`));
    return adj ? name.replace(adj, other(r, EN_TITLE_ADJ, adj)) : nearInWord(r, name, -1);
  },
};

const EN_CLUB_ACTIVITIES = [
  "Chess",
  "Running",
  "Book",
  "Cycling",
  "Photography",
  "Hiking",
  "Board Game",
  "Knitting",
  "Choir",
  "Swim",
  "Film",
  "Jazz",
  "Climbing",
  "Birding",
  "Rowing",
  "Quiz",
  "Poetry",
  "Sketching",
  "Ukulele",
  "Go",
];
const EN_CLUB_PLACES = [
  "Eastside",
  "Riverside",
  "Northgate",
  "Hillcrest",
  "Old Town",
  "Harbourside",
  "Westfield",
  "Elm Park",
];
/** "Kestrel Chess Club", "Riverside Birding Society". */
export const EN_CLUB: NameKind = {
  make: (r) =>
    `${chance(r, 0.3) ? pick(r, EN_CLUB_PLACES) : codeWord(r)} ${pick(r, EN_CLUB_ACTIVITIES)} ${pick(r, [
      "Club",
      "Club",
      "Society",
      "Circle",
    ])}`,
  near: (r, name) => nearInWord(r, name),
};

const EN_CLASS_SUBJECTS = [
  "Pottery",
  "Salsa",
  "Spanish",
  "Pilates",
  "Life Drawing",
  "Swim",
  "Piano",
  "Karate",
  "Judo",
  "Ballet",
  "Mandarin",
  "Watercolour",
  "Spin",
  "Boxing",
  "Guitar",
  "Coding",
  "Yoga",
  "Violin",
  "Tap",
  "Aqua Fit",
];
/** "Pottery 2B", "Salsa Level 3". */
export const EN_CLASS: NameKind = {
  make: (r) =>
    `${pick(r, EN_CLASS_SUBJECTS)} ${chance(r, 0.8) ? `${int(r, 1, 20)}${pick(r, [..."ABCDEF"])}` : `Level ${int(r, 1, 6)}`}`,
  near: nearDigit,
};

const EN_COURSE_SUBJECTS = [
  "Data Modelling",
  "Organic Chemistry",
  "Microeconomics",
  "Creative Writing",
  "Statistics",
  "Art History",
  "Linear Algebra",
  "Marketing",
  "Philosophy of Mind",
  "Urban Planning",
  "Machine Learning",
  "Accounting",
  "Nutrition",
  "Product Design",
  "World History",
  "Contract Law",
  "Film Studies",
  "Neuroscience",
  "Astronomy",
  "Public Speaking",
];
/** "Data Modelling 204". */
export const EN_COURSE: NameKind = {
  make: (r) => `${pick(r, EN_COURSE_SUBJECTS)} ${int(r, 101, 499)}`,
  near: nearDigit,
};

/** "Dr. Halvik", "Dr. Ines Varo". */
export const EN_DOCTOR: NameKind = {
  make: (r) => `Dr. ${chance(r, 0.5) ? enSurname(r) : `${enGiven(r, chance(r, 0.5) ? "f" : "m")} ${enSurname(r)}`}`,
  near: nearVowel,
};

/** "Norvane Labs". */
export const EN_COMPANY: NameKind = { make: (r) => `${codeWord(r)} ${pick(r, COMPANY_SUFFIXES)}` };

// ---------------------------------------------------------------- Chinese personal names

const ZH_SURNAMES = [
  ..."王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔崔康毛邱秦江史顾侯邵孟段钱汤尹黎常乔贺赖龚",
  "欧阳",
  "司马",
  "上官",
  "诸葛",
];
const ZH_GIVEN_M = [..."伟强磊军杰涛浩宇鹏斌峰俊博泽昊轩鸣辰凯毅航刚健亮帆锐彬晖哲睿"];
const ZH_GIVEN_F = [..."丽娟婷雪芳静敏慧雨桐琳欣怡萱璐瑶佳颖妍倩蕾晴薇琪露菲岚悦诗梦"];
const ZH_GIVEN_N = [..."思子文嘉若可安明清远宁晨然天星乐宏志雅书怀之逸舒言知奕"];

function zhGiven(r: Rand, g: Gender): string {
  const pool = [...(g === "f" ? ZH_GIVEN_F : ZH_GIVEN_M), ...ZH_GIVEN_N];
  return chance(r, 0.75) ? pick(r, pool) + pick(r, pool) : pick(r, pool);
}

function zhFullName(r: Rand, g: Gender): string {
  return pick(r, ZH_SURNAMES) + zhGiven(r, g);
}

/** Nicknames: 小+字, 小+姓, 老+姓, 阿+字. */
function zhNickname(r: Rand, g: Gender): string {
  const k = int(r, 0, 3);
  const single = ZH_SURNAMES.filter((s) => s.length === 1);
  if (k === 0) return `小${pick(r, g === "f" ? ZH_GIVEN_F : ZH_GIVEN_M)}`;
  if (k === 1) return `小${pick(r, single)}`;
  if (k === 2) return `老${pick(r, single)}`;
  return `阿${pick(r, [...(g === "f" ? ZH_GIVEN_F : ZH_GIVEN_M), ...ZH_GIVEN_N])}`;
}

function zhNameKind(g: Gender, nicknames: boolean): NameKind {
  const given = [...(g === "f" ? ZH_GIVEN_F : ZH_GIVEN_M), ...ZH_GIVEN_N];
  return {
    make: (r) => (nicknames && chance(r, 0.12) ? zhNickname(r, g) : zhFullName(r, g)),
    near: (r, name) =>
      name.startsWith("老")
        ? swapChar(
            r,
            name,
            1,
            ZH_SURNAMES.filter((s) => s.length === 1),
          )
        : swapChar(r, name, -1, given),
  };
}
export const ZH_PERSON_F = zhNameKind("f", true);
export const ZH_PERSON_M = zhNameKind("m", true);
/** Always a full name: for people named as values, and for doctors and teachers. */
export const ZH_FULL_NAME: NameKind = { make: (r) => zhFullName(r, chance(r, 0.5) ? "f" : "m") };
export const ZH_FULL_NAME_F = zhNameKind("f", false);
export const ZH_FULL_NAME_M = zhNameKind("m", false);

const ZH_REL_F = ["表姐", "表妹", "姐姐", "妹妹", "堂姐", "姑姑", "阿姨", "小姨", "嫂子", "师姐"];
const ZH_REL_M = ["表哥", "表弟", "哥哥", "弟弟", "堂哥", "叔叔", "舅舅", "姐夫", "师兄", "大伯"];
const ZH_REL_ANY = [
  "同事",
  "朋友",
  "大学室友",
  "邻居",
  "高中同学",
  "前同事",
  "发小",
  "大学同学",
  "老同学",
  "领导",
  "合租室友",
];

export interface ZhPerson {
  name: string;
  rel: string;
  /** 他 / 她 */
  ta: string;
  /** "我同事林一鸣" or just "林一鸣". */
  ref: string;
}

export function zhPerson(r: Rand, book: NameBook): ZhPerson {
  const g: Gender = chance(r, 0.5) ? "f" : "m";
  const name = book.entity(g === "f" ? ZH_PERSON_F : ZH_PERSON_M);
  const rel = chance(r, 0.35) ? pick(r, g === "f" ? ZH_REL_F : ZH_REL_M) : pick(r, ZH_REL_ANY);
  return { name, rel, ta: g === "f" ? "她" : "他", ref: chance(r, 0.5) ? `我${rel}${name}` : name };
}

// ---------------------------------------------------------------- Chinese project, room, club names

const ZH_POETIC_A = [..."天星云青玄玉银金紫赤朱白墨长远北南东西明清晨暮曦苍碧沧凌启昆灵九太风雷霜雪山海河冰火光极月鸿"];
const ZH_POETIC_B = [
  ..."枢璇玑权衡汉岳峰岚澜溪泉石松竹桥舟帆航雁鹏麟凰辰曜晖弦歌羽翼穹渊湖港塔灯镜弓鲸隼鹤梭锋舵轮阙岭湾泽屿林庭",
];
const ZH_PHASES = ["一期", "二期", "三期", "四期"];

function zhPoetic(r: Rand): string {
  for (;;) {
    const a = pick(r, ZH_POETIC_A);
    const b = pick(r, ZH_POETIC_B);
    if (a !== b) return a + b;
  }
}

/** Two-character project words (天枢, 星辰), sometimes with a phase (天枢二期) or an id (P1992). */
export const ZH_PROJECT: NameKind = {
  make: (r) => {
    const k = r();
    if (k < 0.72) return zhPoetic(r);
    if (k < 0.84) return zhPoetic(r) + pick(r, ZH_PHASES);
    if (k < 0.94) return PROJECT_ID.make(r);
    return codeWord(r);
  },
  near: (r, name) => {
    if (/\d/.test(name)) return nearDigit(r, name);
    if (/期$/.test(name)) return name.slice(0, -2) + other(r, ZH_PHASES, name.slice(-2));
    if (/^[\u4e00-\u9fff]{2}$/.test(name)) return swapChar(r, name, 1, ZH_POETIC_B);
    return nearVowel(r, name);
  },
};

const ZH_HALL_A = [..."青翠听观望临揽映栖拾清松竹梅兰荷枫桂云星海山"];
const ZH_HALL_B = [..."松竹雨澜岳月风泉溪石荷云霞涛峰湖林枫"];
const ZH_HALL_SUFFIX = ["厅", "轩", "阁", "堂"];

/** Rooms: 3号会议室, 青松厅, A座1207, 7楼东侧培训室. */
export const ZH_ROOM: NameKind = {
  make: (r) => {
    const k = int(r, 0, 3);
    if (k === 0) return `${int(r, 1, 60)}号会议室`;
    if (k === 1) {
      const a = pick(r, ZH_HALL_A);
      return a + other(r, ZH_HALL_B, a) + pick(r, ZH_HALL_SUFFIX);
    }
    if (k === 2) return `${pick(r, [..."ABCDE"])}座${int(r, 2, 28)}${String(int(r, 1, 30)).padStart(2, "0")}`;
    return `${int(r, 2, 30)}楼${pick(r, ["东侧", "西侧", "南侧", "北侧"])}${pick(r, ["培训室", "小会议室", "活动室", "洽谈室"])}`;
  },
  near: (r, name) => (/\d/.test(name) ? nearDigit(r, name) : swapChar(r, name, 1, ZH_HALL_B)),
};

const ZH_CLUB_TYPES = [
  "读书会",
  "跑团",
  "合唱团",
  "桥牌社",
  "摄影社",
  "骑行队",
  "徒步队",
  "书法社",
  "围棋社",
  "戏剧社",
  "茶话会",
  "插花社",
  "羽毛球队",
  "桌游社",
  "观鸟小组",
];
/** 青禾读书会, 晨风跑团. */
export const ZH_CLUB: NameKind = {
  make: (r) => zhPoetic(r) + pick(r, ZH_CLUB_TYPES),
  near: (r, name) => swapChar(r, name, 1, ZH_POETIC_B),
};

const ZH_CLASS_SUBJECTS = [
  ..."书法 钢琴 少儿编程 游泳 英语口语 素描 街舞 围棋 跆拳道 奥数 古筝 瑜伽 拉丁舞 尤克里里 篮球".split(" "),
  ..."日语 油画 声乐 烘焙 乒乓球 国画 架子鼓 轮滑 击剑 小提琴 主持 舞蹈 魔方 足球 书画".split(" "),
];
const ZH_CLASS_PREFIXES = ["周末", "晚间", "暑期", "寒假", "少年宫", "社区", "文化馆", "体育中心"];
/** 书法3班, 周末钢琴进阶班, 少年宫围棋12班. */
export const ZH_CLASS: NameKind = {
  make: (r) => {
    const prefix = chance(r, 0.5) ? pick(r, ZH_CLASS_PREFIXES) : "";
    const level = chance(r, 0.8)
      ? `${int(r, 1, 40)}班`
      : `${pick(r, ["初级", "中级", "进阶", "提高", "启蒙", "精英"])}班`;
    return prefix + pick(r, ZH_CLASS_SUBJECTS) + level;
  },
  near: (r, name) => (/\d/.test(name) ? nearDigit(r, name) : name),
};

const ZH_COURSE_SUBJECTS = [
  "机器学习",
  "数据结构",
  "宏观经济学",
  "摄影",
  "商业插画",
  "西班牙语",
  "日语",
  "发展心理学",
  "产品设计",
  "财务会计",
  "合同法",
  "非虚构写作",
  "Python编程",
  "短视频剪辑",
  "线性代数",
  "中国古代史",
  "UI设计",
  "统计学",
  "营养学",
  "西方哲学",
];
const ZH_COURSE_SUFFIXES = ["导论", "入门", "进阶", "精讲", "实战", "基础", "工作坊", "训练营"];
/** 机器学习导论, 摄影基础第12期. */
export const ZH_COURSE: NameKind = {
  make: (r) =>
    pick(r, ZH_COURSE_SUBJECTS) + pick(r, ZH_COURSE_SUFFIXES) + (chance(r, 0.7) ? `第${int(r, 1, 30)}期` : ""),
  near: (r, name) => (/\d/.test(name) ? nearDigit(r, name) : name),
};

const ZH_TITLE_A = [
  ..."雾港 北岸 长夜 旧城 南山 海边 雪国 荒原 春江 秋水 星河 孤岛 深巷 边城 山城 月台 渡口 林间 灯塔 河湾".split(" "),
  ..."草原 古镇 石桥 江南 西窗 远山 晚风 暮色 檐下 湖心 沙洲 松林 小站 故园 雨季 北国 半岛 云端 长街 海峡".split(" "),
];
const ZH_TITLE_B = [
  ..."来信 灯火 往事 回声 归途 笔记 守夜人 旧梦 潮汐 信使 地图 花园 钟声 年轮 火车 姐妹 孩子 猎人 异乡人".split(" "),
  ..."画师 候鸟 邮差 夜航 书简 四季 余烬 琴声 渔火 故事".split(" "),
];
const ZH_TITLE_ADJ = ["最后的", "第七个", "消失的", "沉默的", "遥远的", "失眠的", "漫长的", "看不见的"];
/** Book titles without the 《》: 雾港来信, 海边的守夜人, 潮汐与钟声. */
export const ZH_BOOK: NameKind = {
  make: (r) => {
    const k = int(r, 0, 3);
    if (k === 0) return pick(r, ZH_TITLE_A) + pick(r, ZH_TITLE_B);
    if (k === 1) return `${pick(r, ZH_TITLE_A)}的${pick(r, ZH_TITLE_B)}`;
    if (k === 2) return pick(r, ZH_TITLE_ADJ) + pick(r, [...ZH_TITLE_A, ...ZH_TITLE_B]);
    const a = pick(r, ZH_TITLE_B);
    return `${a}与${other(r, ZH_TITLE_B, a)}`;
  },
  near: (r, name) => {
    const last = ZH_TITLE_B.find((b) => name.endsWith(b));
    return last ? name.slice(0, -last.length) + other(r, ZH_TITLE_B, last) : name;
  },
};

const ZH_PET_A = [..."豆团糖奶米毛花布可麻芝栗桃球饼咖橘薯元年卷福旺皮咪丸酥糯甜芒杏梨莓枣椰乐多妞虎熊墩雪云乌煤灰"];
const ZH_PET_B = [..."豆子包团糕球丁宝卷仔饼圆花妞丸蛋糖麻干果桃酱米饭墩嘟咪喵乐"];
/** Pet names: 豆豆, 麻团, 小栗, 阿福, and the English-style names many Chinese owners use (Momo, Kibo). */
export const ZH_PET: NameKind = {
  make: (r) => {
    const k = int(r, 0, 4);
    const a = pick(r, ZH_PET_A);
    if (k === 0) return a + a;
    if (k === 1) return a + other(r, ZH_PET_B, a);
    if (k === 2) return (chance(r, 0.5) ? "小" : "阿") + a;
    if (k === 3) return a + other(r, ZH_PET_B, a);
    return EN_PET.make(r);
  },
  near: (r, name) => (/^[A-Z]/.test(name) ? nearVowel(r, name) : swapChar(r, name, -1, ZH_PET_B)),
};

const EN_PET_ENDS = [
  "by",
  "ppy",
  "kins",
  "o",
  "ie",
  "ster",
  "bit",
  "sy",
  "nut",
  "mo",
  "chi",
  "lo",
  "pper",
  "dle",
  "ble",
];
/** Pet names: "Pipkins", "Tobby", "Momo". */
const PET_ONSETS = ["b", "p", "t", "m", "n", "f", "g", "k", "l", "r", "s", "w", "z", "d", "j"];
export const EN_PET: NameKind = {
  make: (r) => {
    const start = pick(r, PET_ONSETS) + pick(r, VOWELS);
    if (chance(r, 0.4)) return cap(start + pick(r, EN_PET_ENDS));
    return cap(start + pick(r, EN_SIMPLE) + pick(r, VOWELS) + pick(r, ["", "", "s", "n"]));
  },
  near: nearVowel,
};

// ---------------------------------------------------------------- Chinese places and things

export const ZH_CITIES = [
  ..."北京 上海 广州 深圳 成都 杭州 西安 南京 武汉 重庆 苏州 厦门 青岛 大连 长沙 昆明 大理 贵阳 合肥 郑州 济南 天津 沈阳".split(
    " ",
  ),
  ..."哈尔滨 福州 宁波 无锡 珠海 三亚 兰州 乌鲁木齐 拉萨 南宁 桂林 温州 佛山 东莞 香港 东京 新加坡 悉尼 墨尔本".split(
    " ",
  ),
  ..."温哥华 多伦多 伦敦 柏林".split(" "),
];

export const ZH_DATABASES = [
  "PostgreSQL",
  "MySQL",
  "MongoDB",
  "Redis",
  "ClickHouse",
  "TiDB",
  "OceanBase",
  "达梦",
  "Oracle",
  "SQL Server",
  "Elasticsearch",
  "SQLite",
  "openGauss",
  "PolarDB",
  "Doris",
  "HBase",
];
export const ZH_CLOUDS = ["阿里云", "腾讯云", "华为云", "AWS", "Azure", "火山引擎", "百度智能云", "天翼云", "京东云"];
export const ZH_OPERATING_SYSTEMS = [
  ...OPERATING_SYSTEMS.filter((os) => !os.startsWith("mac")),
  "麒麟V10",
  "统信UOS",
  "openEuler 22.03",
  "龙蜥Anolis OS 8",
];
export const ZH_COLOURS = [
  "白色",
  "黑色",
  "银色",
  "深蓝色",
  "红色",
  "灰色",
  "墨绿色",
  "香槟色",
  "珍珠白",
  "橙色",
  "黄色",
  "酒红色",
  "天蓝色",
];
export const ZH_CAR_MODELS = [
  "比亚迪汉",
  "特斯拉Model Y",
  "大众朗逸",
  "丰田卡罗拉",
  "本田雅阁",
  "理想L7",
  "蔚来ES6",
  "五菱宏光MINI",
  "吉利星越L",
  "小鹏P7",
  "别克GL8",
  "问界M7",
  "长安CS75",
  "宝马3系",
];
export const ZH_WEEKDAYS = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
const ZH_NUM = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];

/** "3月14日" or "3月14号"; `like` keeps the style of an earlier date. */
export function zhDate(r: Rand, like?: string): string {
  const ri = like ? like.endsWith("日") : chance(r, 0.6);
  return `${int(r, 1, 12)}月${int(r, 1, 28)}${ri ? "日" : "号"}`;
}

const ZH_DAY_PARTS = ["早上", "上午", "下午", "晚上"];

/** "晚上七点半", "下午4点", "上午十点"; `like` keeps the part of the day and the numerals of an earlier time. */
export function zhTime(r: Rand, like?: string): string {
  const part = like ? like.slice(0, 2) : pick(r, ZH_DAY_PARTS);
  const h =
    part === "早上" ? int(r, 6, 9) : part === "上午" ? int(r, 8, 11) : part === "下午" ? int(r, 1, 5) : int(r, 6, 9);
  const arabic = like ? /\d/.test(like) : chance(r, 0.4);
  return `${part}${arabic ? String(h) : ZH_NUM[h]!}点${pick(r, ["", "", "半", "一刻"])}`;
}

/** "1240元", "3,860.50元", "¥980"; with `like`, a corrected amount written the same way. */
export function zhMoney(r: Rand, like?: string): string {
  let amount = chance(r, 0.6) ? int(r, 50, 9000) : int(r, 9000, 200000);
  let yen = chance(r, 0.25);
  let comma = chance(r, 0.3);
  let cents = chance(r, 0.3);
  if (like) {
    const old = Number(like.replace(/[¥元,]/g, ""));
    amount = Math.max(10, Math.round(old * (0.75 + r() * 0.4)));
    yen = like.startsWith("¥");
    comma = like.includes(",");
    cents = like.includes(".");
  }
  const digits = comma ? amount.toLocaleString("en-US") : String(amount);
  if (yen) return `¥${digits}`;
  return `${digits}${cents ? `.${String(int(r, 1, 99)).padStart(2, "0")}` : ""}元`;
}

/** Desks: "A区17号", "12楼36号", "B-204", "3排12号". */
export const ZH_DESK: NameKind = {
  make: (r) => {
    const k = int(r, 0, 3);
    if (k === 0) return `${pick(r, [..."ABCDEFGH"])}区${int(r, 1, 150)}号`;
    if (k === 1) return `${int(r, 2, 30)}楼${int(r, 10, 99)}号`;
    if (k === 2) return `${pick(r, [..."ABCDEF"])}-${int(r, 100, 699)}`;
    return `${int(r, 1, 30)}排${int(r, 1, 40)}号`;
  },
  near: nearDigit,
};

/** Reading groups: 青禾读书会, 星河共读小组. */
export const ZH_READING_GROUP: NameKind = {
  make: (r) => zhPoetic(r) + pick(r, ["读书会", "读书小组", "共读群", "书友会"]),
  near: (r, name) => swapChar(r, name, 1, ZH_POETIC_B),
};

const ZH_DISTRICTS: Record<string, readonly string[]> = {
  成都市: ["武侯区", "锦江区", "高新区", "青羊区"],
  杭州市: ["西湖区", "滨江区", "余杭区", "拱墅区"],
  上海市: ["浦东新区", "徐汇区", "静安区", "闵行区"],
  北京市: ["朝阳区", "海淀区", "东城区", "丰台区"],
  广州市: ["天河区", "越秀区", "海珠区", "番禺区"],
  深圳市: ["南山区", "福田区", "宝安区", "龙岗区"],
  西安市: ["雁塔区", "碑林区", "未央区"],
  南京市: ["鼓楼区", "玄武区", "建邺区"],
  武汉市: ["洪山区", "江汉区", "武昌区"],
};
/** "成都市武侯区桂溪路88号". */
export function zhAddress(r: Rand): string {
  const city = pick(r, Object.keys(ZH_DISTRICTS));
  const road = `${pick(r, ZH_HALL_A)}${pick(r, ZH_POETIC_B)}${pick(r, ["路", "路", "街", "大道"])}`;
  const tail = chance(r, 0.5) ? `${int(r, 1, 30)}栋${int(r, 1, 3)}单元${int(r, 2, 30)}0${int(r, 1, 6)}` : "";
  return `${city}${pick(r, ZH_DISTRICTS[city]!)}${road}${int(r, 1, 399)}号${tail}`;
}

const ZH_INDUSTRIES = [
  "科技",
  "物流",
  "医疗",
  "传媒",
  "银行",
  "食品",
  "教育",
  "生物",
  "能源",
  "游戏",
  "设计",
  "地产",
  "咨询",
];
/** "星澜科技". */
export const ZH_COMPANY: NameKind = { make: (r) => zhPoetic(r) + pick(r, ZH_INDUSTRIES) };

/** Chinese plates: 沪A3K29D, 粤B·D12345 (six characters for new-energy cars). */
export const ZH_PLATE: NameKind = {
  make: (r) => {
    const prov = pick(r, [..."京沪粤浙苏川鄂湘陕渝闽鲁"]);
    const body = Array.from({ length: chance(r, 0.25) ? 6 : 5 }, () =>
      chance(r, 0.7) ? pick(r, [...DIGITS]) : letter(r),
    ).join("");
    return `${prov}${letter(r)}${body}`;
  },
  near: nearDigit,
};

/** UK-style "KX19 LMP" or US-style "7KDR214". */
export const EN_PLATE: NameKind = {
  make: (r) =>
    chance(r, 0.5)
      ? `${letter(r)}${letter(r)}${digits(r, 2)} ${letter(r)}${letter(r)}${letter(r)}`
      : `${int(r, 1, 9)}${letter(r)}${letter(r)}${letter(r)}${digits(r, 3)}`,
  near: nearDigit,
};
