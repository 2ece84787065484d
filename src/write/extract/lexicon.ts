/**
 * The topic lexicon behind memory keys and retrieval hints (seed 000: "key：可合并的语义键，
 * 避免同义重复"; seed 003 §3.4: store a few alternative query words with each memory).
 *
 * Each term names one thing in both languages, so 香菜 and cilantro get the same key
 * (`food.cilantro`) and each other as retrieval hints. Small on purpose: it covers the topics
 * personal assistants hear most; anything else falls back to `<kind>.<topic>` keys.
 *
 * Rows are `[slug, zh synonyms, en synonyms, key?]`, synonyms `|`-separated, English lowercase.
 * Single Chinese characters (茶, 鱼, 猫) are poor anchors (seed 002 §3.4: 用 matches 用户), so
 * the matcher only accepts them right after 吃/喝/养/只/条 or an enumeration (和/、/与/或).
 */
import { wordList } from "../../text/patterns.js";

export interface LexiconTerm {
  slug: string;
  zh: readonly string[];
  en: readonly string[];
  /** Full key for preferences and facts about this term, when it is not `<topic>.<slug>`. */
  key?: string;
}

export interface Topic {
  /** First key segment and the `<kind>.<topic>` fallback. */
  name: string;
  /** Higher wins when a sentence touches several topics ("my sister moved to Boston" → family). */
  priority: number;
  /**
   * How preferences on this topic are keyed: `"object"` → `<topic>.<slug>` (one memory per
   * object: liking apples and liking coffee are separate facts), unless the term carries its own
   * key; otherwise one fixed key for a single-valued dimension (the preferred contact channel,
   * carrier, reply language), so a new choice lands on the old one.
   */
  preferenceKey: "object" | string;
  terms: readonly LexiconTerm[];
  /** Words that signal the topic without naming an object (吃, 快递, reply). */
  cues: { zh: readonly string[]; en: readonly string[] };
  /** A label for the topic itself, used as a retrieval hint in the other language. */
  label: { zh: string; en: string };
}

type Row = readonly [slug: string, zh: string, en: string, key?: string];

function topic(
  name: string,
  priority: number,
  preferenceKey: string,
  label: [string, string],
  cues: [string, string],
  rows: readonly Row[],
): Topic {
  const split = (list: string): string[] => (list.length === 0 ? [] : list.split("|"));
  return {
    name,
    priority,
    preferenceKey,
    label: { zh: label[0], en: label[1] },
    cues: { zh: split(cues[0]), en: split(cues[1]) },
    terms: rows.map(([slug, zh, en, key]) => ({ slug, zh: split(zh), en: split(en), ...(key ? { key } : {}) })),
  };
}

export const TOPICS: readonly Topic[] = [
  topic(
    "food",
    6,
    "object",
    ["饮食", "food"],
    ["吃|喝|口味|忌口|饮食|外卖|点菜", "eat|eats|eating|drink|drinks|drinking|food|diet|takeout|meal|meals"],
    [
      ["cilantro", "香菜|芫荽", "cilantro|coriander"],
      ["apple", "苹果", "apple|apples"],
      ["banana", "香蕉", "banana|bananas"],
      ["durian", "榴莲", "durian"],
      ["spicy", "辣椒|辣的|吃辣|辣", "spicy food|spicy|chili|chilli"],
      ["seafood", "海鲜", "seafood"],
      ["shrimp", "虾仁|虾", "shrimp|prawns"],
      ["beef", "牛肉", "beef"],
      ["pork", "猪肉", "pork"],
      ["lamb", "羊肉", "lamb|mutton"],
      ["chicken", "鸡肉", "chicken"],
      ["fish", "鱼", "fish"],
      ["egg", "鸡蛋", "egg|eggs"],
      ["peanut", "花生", "peanut|peanuts"],
      ["onion", "洋葱", "onion|onions"],
      ["scallion", "葱花|葱", "scallion|scallions|green onion|green onions"],
      ["garlic", "大蒜|蒜", "garlic"],
      ["ginger", "生姜|姜", "ginger"],
      ["mushroom", "蘑菇", "mushroom|mushrooms"],
      ["tofu", "豆腐", "tofu"],
      ["noodles", "面条|面", "noodles"],
      ["rice", "米饭", "rice"],
      ["dumplings", "饺子", "dumplings"],
      ["hotpot", "火锅", "hotpot|hot pot"],
      ["sushi", "寿司", "sushi"],
      ["pizza", "披萨|比萨", "pizza"],
      ["chocolate", "巧克力", "chocolate"],
      ["sweets", "甜食|甜点", "sweets|desserts|dessert"],
      ["meat", "肉", "meat"],
      ["vegetables", "蔬菜", "vegetables|veggies"],
      ["fruit", "水果", "fruit"],
      ["dairy", "乳制品", "dairy"],
      ["vegetarian", "素食|吃素", "vegetarian|vegan"],
      ["americano", "美式咖啡|美式", "americano"],
      ["latte", "拿铁", "latte"],
      ["coffee", "咖啡", "coffee"],
      ["green_tea", "绿茶", "green tea"],
      ["milk_tea", "奶茶", "milk tea|bubble tea|boba"],
      ["tea", "茶", "tea"],
      ["beer", "啤酒", "beer"],
      ["wine", "红酒|葡萄酒", "wine"],
      ["alcohol", "喝酒|白酒|酒", "alcohol|liquor"],
      ["milk", "牛奶", "milk"],
      ["juice", "果汁", "juice"],
      ["soda", "可乐|汽水", "soda|coke"],
      ["sugar", "糖", "sugar"],
    ],
  ),
  topic(
    "communication",
    7,
    "communication.channel",
    ["沟通方式", "contact channel"],
    ["沟通|联系|联络|通知", "contact|communicate|communication|notify"],
    [
      ["wechat", "微信", "wechat"],
      ["phone_call", "打电话|电话", "phone call|phone calls"],
      ["email", "电子邮件|邮件|邮箱", "email|e-mail|emails"],
      ["sms", "短信", "sms|text message|text messages"],
      ["dingtalk", "钉钉", "dingtalk"],
      ["feishu", "飞书", "feishu|lark"],
      ["qq", "QQ", "qq"],
      ["slack", "Slack", "slack"],
      ["whatsapp", "WhatsApp", "whatsapp"],
      ["telegram", "Telegram", "telegram"],
    ],
  ),
  topic(
    "shipping",
    7,
    "shipping.carrier",
    ["快递", "shipping"],
    ["快递|物流|发货|寄|配送", "shipping|courier|delivery"],
    [
      ["sf_express", "顺丰", "sf express"],
      ["jd_logistics", "京东快递|京东物流", "jd logistics"],
      ["ems", "EMS", "ems"],
      ["zto", "中通", "zto"],
      ["yto", "圆通", "yto"],
      ["sto", "申通", "sto"],
      ["yunda", "韵达", "yunda"],
      ["ups", "UPS", "ups"],
      ["fedex", "FedEx", "fedex"],
      ["dhl", "DHL", "dhl"],
    ],
  ),
  topic(
    "language",
    7,
    "language.preferred",
    ["语言", "language"],
    ["语言", "language"],
    [
      ["chinese", "中文|汉语|普通话", "chinese|mandarin"],
      ["english", "英文|英语", "english"],
      ["japanese", "日语|日文", "japanese"],
      ["korean", "韩语|韩文", "korean"],
      ["french", "法语", "french"],
      ["german", "德语", "german"],
      ["spanish", "西班牙语", "spanish"],
    ],
  ),
  topic(
    "reply",
    6,
    "reply.style",
    ["回复风格", "reply style"],
    ["回复|回答|格式|风格|语气", "reply|replies|answer|answers|response|responses|respond|format|style|tone"],
    [
      ["concise", "简洁|简短|简明|短一点", "concise|brief|succinct|shorter", "reply.length"],
      ["detailed", "详细|详尽|啰嗦", "detailed|thorough|verbose|in detail", "reply.length"],
      ["table", "表格", "table|tables", "reply.format"],
      ["bullets", "列表|要点", "bullet points|bullets|bullet list", "reply.format"],
      ["markdown", "Markdown", "markdown", "reply.format"],
      ["emoji", "表情符号|表情", "emoji|emojis", "reply.emoji"],
    ],
  ),
  topic(
    "device",
    6,
    "object",
    ["设备", "device"],
    ["设备", "device"],
    [
      ["mac", "苹果电脑|MacBook|Mac", "macbook|mac|macos", "device.computer"],
      ["windows", "Windows", "windows|pc", "device.computer"],
      ["linux", "Linux", "linux", "device.computer"],
      ["laptop", "笔记本电脑|笔记本", "laptop", "device.computer"],
      ["computer", "电脑", "computer|desktop", "device.computer"],
      ["iphone", "苹果手机|iPhone", "iphone", "device.phone"],
      ["huawei", "华为手机|华为", "huawei", "device.phone"],
      ["xiaomi", "小米手机|小米", "xiaomi", "device.phone"],
      ["android", "安卓", "android", "device.phone"],
      ["phone", "手机", "phone|smartphone|cellphone", "device.phone"],
      ["tablet", "iPad|平板", "ipad|tablet", "device.tablet"],
    ],
  ),
  topic(
    "tool",
    6,
    "object",
    ["工具", "tool"],
    ["工具|软件", "tool|tools|software"],
    [
      ["vscode", "VS Code|VSCode", "vs code|vscode|visual studio code", "tool.editor"],
      ["vim", "Vim|Neovim", "vim|neovim", "tool.editor"],
      ["emacs", "Emacs", "emacs", "tool.editor"],
      ["jetbrains", "IntelliJ|JetBrains|PyCharm|WebStorm", "intellij|jetbrains|pycharm|webstorm", "tool.editor"],
      ["sqlite", "SQLite", "sqlite", "tool.database"],
      ["postgres", "PostgreSQL|Postgres|PG", "postgresql|postgres|pg", "tool.database"],
      ["mysql", "MySQL", "mysql", "tool.database"],
      ["mongodb", "MongoDB", "mongodb", "tool.database"],
      ["redis", "Redis", "redis", "tool.database"],
      ["oracle_db", "Oracle", "oracle", "tool.database"],
      ["sql_server", "SQL Server", "sql server|mssql", "tool.database"],
      ["mariadb", "MariaDB", "mariadb", "tool.database"],
      ["tidb", "TiDB", "tidb", "tool.database"],
      ["clickhouse", "ClickHouse", "clickhouse", "tool.database"],
      ["cassandra", "Cassandra", "cassandra", "tool.database"],
      ["dynamodb", "DynamoDB", "dynamodb", "tool.database"],
      ["elasticsearch", "Elasticsearch|ES", "elasticsearch", "tool.database"],
      ["oceanbase", "OceanBase", "oceanbase", "tool.database"],
      ["cockroachdb", "CockroachDB", "cockroachdb", "tool.database"],
      ["neo4j", "Neo4j", "neo4j", "tool.database"],
      ["influxdb", "InfluxDB", "influxdb", "tool.database"],
      ["snowflake", "Snowflake", "snowflake", "tool.database"],
      ["bigquery", "BigQuery", "bigquery", "tool.database"],
      ["dameng", "达梦", "dameng", "tool.database"],
      ["kingbase", "人大金仓|金仓", "kingbase", "tool.database"],
      ["python", "Python", "python", "tool.programming_language"],
      ["typescript", "TypeScript", "typescript", "tool.programming_language"],
      ["javascript", "JavaScript", "javascript", "tool.programming_language"],
      ["java", "Java", "java", "tool.programming_language"],
      ["rust", "Rust", "rust", "tool.programming_language"],
      ["golang", "Go 语言|Golang", "golang", "tool.programming_language"],
      ["docker", "Docker", "docker", "tool.infra"],
      ["kubernetes", "Kubernetes|K8s", "kubernetes|k8s", "tool.infra"],
    ],
  ),
  topic(
    "database",
    6,
    "object",
    ["数据库", "database"],
    ["", ""],
    [
      ["migration", "数据库迁移|迁移", "database migrations|database migration|migrations|migration|migrate"],
      ["database", "数据库", "databases|database|db"],
    ],
  ),
  topic(
    "incident",
    6,
    "object",
    ["故障", "incident"],
    ["排查|调试|修复|定位", "debug|debugged|debugging|troubleshoot|troubleshooting|investigated|fixed"],
    [
      ["http_502", "502", "502|bad gateway"],
      ["http_503", "503", "503"],
      ["http_504", "504", "504"],
      ["gateway", "网关", "gateway"],
      ["timeout", "超时", "timeout|timed out|timeouts"],
      ["outage", "故障|宕机", "outage|downtime|incident"],
      ["bug", "Bug|缺陷", "bug|bugs"],
      ["error", "报错|错误", "error|errors|exception"],
      ["deploy", "部署|发布", "deploy|deployment|release"],
    ],
  ),
  topic(
    "engineering",
    5,
    "object",
    ["研发流程", "engineering"],
    ["", ""],
    [
      ["test", "单元测试|单测|测试", "unit tests|tests|test|testing"],
      ["code_review", "代码审查|代码评审", "code review|code reviews"],
      ["pull_request", "合并请求|PR", "pull requests|pull request|prs"],
      ["commit", "提交代码|commit", "commits|commit"],
      ["branch", "分支", "branch|branches"],
    ],
  ),
  topic(
    "project",
    5,
    "object",
    ["项目", "project"],
    ["", ""],
    [
      ["codename", "代号", "codename|code name", "project.codename"],
      ["project", "项目", "project|projects"],
      ["repository", "仓库|代码库", "repo|repository"],
    ],
  ),
  topic(
    "team",
    5,
    "object",
    ["团队", "team"],
    ["", ""],
    [
      ["team", "团队|小组|部门", "team|squad|department"],
      ["colleague", "同事", "colleague|colleagues|coworker|coworkers|co-worker|teammate|teammates"],
      ["manager", "领导|经理|老板|直属领导|上司|店长", "manager|boss"],
    ],
  ),
  topic(
    "family",
    5,
    "object",
    ["家人", "family"],
    ["家人|家里", "family"],
    [
      ["sister", "妹妹|姐姐", "sister|sisters"],
      ["brother", "哥哥|弟弟", "brother|brothers"],
      ["mother", "妈妈|母亲|我妈", "mom|mother|mum"],
      ["father", "爸爸|父亲|我爸", "dad|father"],
      ["parents", "父母|爸妈", "parents"],
      ["wife", "妻子|老婆|太太", "wife"],
      ["husband", "丈夫|老公", "husband"],
      ["son", "儿子", "son"],
      ["daughter", "女儿", "daughter"],
      ["children", "孩子|小孩", "kids|children|child"],
      ["baby", "宝宝|婴儿", "baby|babies|newborn"],
      ["grandmother", "奶奶|外婆|姥姥", "grandma|grandmother"],
      ["grandfather", "爷爷|外公|姥爷", "grandpa|grandfather"],
      ["partner", "男朋友|女朋友|对象|爱人", "boyfriend|girlfriend|partner"],
    ],
  ),
  topic(
    "health",
    6,
    "object",
    ["健康", "health"],
    ["健康|身体", "health"],
    [
      ["allergy", "过敏", "allergy|allergic|allergies"],
      ["hospital", "医院", "hospital"],
      ["doctor", "医生|看病", "doctor"],
      ["medicine", "吃药|药物|药", "medication|medicine"],
      ["insomnia", "失眠", "insomnia"],
      ["therapy", "心理咨询|咨询师", "therapy|therapist|counseling"],
      ["support_group", "支持小组|互助小组|互助会", "support group|support groups"],
      ["checkup", "体检", "checkup|check-up"],
      ["diabetes", "糖尿病", "diabetes"],
    ],
  ),
  topic(
    "travel",
    5,
    "object",
    ["出行", "travel"],
    ["", ""],
    [
      ["business_trip", "出差", "business trip"],
      ["trip", "旅行|旅游", "trip|travel|traveling|vacation|holiday"],
      ["flight", "机票|航班", "flight|flights"],
      ["hotel", "酒店", "hotel"],
      ["visa", "签证", "visa"],
    ],
  ),
  topic(
    "pet",
    5,
    "object",
    ["宠物", "pet"],
    ["宠物", "pet|pets"],
    [
      ["cat", "猫咪|小猫|猫", "cat|cats|kitten"],
      ["dog", "狗狗|小狗|狗", "dog|dogs|puppy"],
    ],
  ),
  topic(
    "community",
    5,
    "object",
    ["社群", "community"],
    ["社区|社群", "community"],
    [
      ["volunteer", "志愿者|做志愿", "volunteer|volunteering"],
      ["church", "教堂", "church"],
    ],
  ),
  topic(
    "hobby",
    5,
    "object",
    ["爱好", "hobby"],
    ["爱好|兴趣", "hobby|hobbies"],
    [
      ["running", "跑步", "running|jogging"],
      ["swimming", "游泳", "swimming"],
      ["reading", "读书|看书|阅读", "reading|books"],
      ["painting", "画画|绘画", "painting|drawing"],
      ["photography", "摄影|拍照", "photography"],
      ["hiking", "徒步|爬山", "hiking|hike"],
      ["music", "音乐", "music"],
      ["guitar", "吉他", "guitar"],
      ["piano", "钢琴", "piano"],
      ["gaming", "打游戏|游戏", "video games|gaming"],
      ["yoga", "瑜伽", "yoga"],
      ["fitness", "健身", "gym|fitness|working out"],
      ["basketball", "篮球", "basketball"],
      ["football", "足球", "soccer|football"],
      ["camping", "露营", "camping"],
      ["movies", "电影", "movies|films"],
      ["cooking", "做饭|烹饪", "cooking"],
      ["baking", "烘焙", "baking"],
    ],
  ),
  topic(
    "education",
    4,
    "object",
    ["学习", "education"],
    ["学习|上学", "study|studying"],
    [
      ["school", "学校", "school"],
      ["university", "大学", "university|college"],
      ["course", "课程|上课", "course|class"],
      ["exam", "考试", "exam|exams"],
    ],
  ),
  topic(
    "work",
    4,
    "object",
    ["工作", "work"],
    ["上班|加班", "office"],
    [
      ["job", "工作", "job"],
      ["company", "公司", "company|employer"],
      ["interview", "面试", "interview"],
      ["meeting", "开会|会议", "meeting|meetings"],
      ["report", "周报|报告", "weekly report|report"],
      ["reimbursement", "报销", "expense report|reimbursement"],
    ],
  ),
  topic(
    "finance",
    4,
    "object",
    ["财务", "finance"],
    ["", ""],
    [
      ["budget", "预算", "budget"],
      ["salary", "工资|薪水", "salary"],
      ["rent", "房租", "rent"],
    ],
  ),
  topic(
    "location",
    3,
    "object",
    ["地点", "location"],
    ["住在|搬到|搬家", "live|lives|living|moved|based"],
    [
      ["beijing", "北京", "beijing"],
      ["shanghai", "上海", "shanghai"],
      ["hangzhou", "杭州", "hangzhou"],
      ["shenzhen", "深圳", "shenzhen"],
      ["guangzhou", "广州", "guangzhou"],
      ["chengdu", "成都", "chengdu"],
      ["nanjing", "南京", "nanjing"],
      ["wuhan", "武汉", "wuhan"],
      ["hong_kong", "香港", "hong kong"],
      ["singapore", "新加坡", "singapore"],
      ["boston", "波士顿", "boston"],
      ["new_york", "纽约", "new york"],
      ["san_francisco", "旧金山", "san francisco"],
      ["seattle", "西雅图", "seattle"],
      ["london", "伦敦", "london"],
      ["tokyo", "东京", "tokyo"],
      ["paris", "巴黎", "paris"],
      ["sydney", "悉尼", "sydney"],
    ],
  ),
];

/**
 * Who or what else a statement may be about, named by how the speaker knows them (同事,
 * "colleague", 项目 "project"): the first segment of the key of a memory about them
 * (`colleague.anna.location`), so that facts about different people, projects or pets never share
 * a key. The family, team, project and pet topics' own terms are reused; the rest are rows
 * `[slug, zh, en]` as in the topics.
 */
export interface Relation {
  slug: string;
  zh: readonly string[];
  en: readonly string[];
  /** Named by a title after the name (王医生, 张老师) or before it ("Dr. Li"). */
  title?: boolean;
}

const termsOf = (name: string, slugs?: readonly string[]): Relation[] =>
  TOPICS.find((t) => t.name === name)!
    .terms.filter((term) => !slugs || slugs.includes(term.slug))
    .map(({ slug, zh, en }) => ({ slug, zh, en }));

const relationRows = (rows: ReadonlyArray<readonly [string, string, string]>, title = false): Relation[] =>
  rows.map(([slug, zh, en]) => ({ slug, zh: wordList(zh), en: wordList(en), ...(title ? { title } : {}) }));

/** Relatives beyond the household, named in full (表哥, "cousin"). */
const EXTENDED_FAMILY = relationRows([
  ["cousin", "表哥 | 表姐 | 表弟 | 表妹 | 堂哥 | 堂姐 | 堂弟 | 堂妹", "cousin | cousins"],
  ["aunt", "阿姨 | 姑姑 | 姨妈 | 舅妈", "aunt"],
  ["uncle", "叔叔 | 舅舅 | 伯伯 | 姑父", "uncle"],
]);

/** Friends and those the speaker lives next to or with. */
const FRIENDS_AND_NEIGHBORS = relationRows([
  ["friend", "朋友 | 好友 | 好朋友 | 闺蜜 | 哥们", "friend | friends | best friend | buddy | pal"],
  ["roommate", "室友 | 舍友", "roommate | flatmate"],
  ["neighbor", "邻居", "neighbor | neighbour"],
]);
const COLLEAGUES = termsOf("team", ["colleague", "manager"]);

export const RELATIONS: readonly Relation[] = [
  ...termsOf("family"),
  ...COLLEAGUES,
  ...termsOf("project", ["project"]),
  ...termsOf("pet"),
  ...FRIENDS_AND_NEIGHBORS,
  ...relationRows([["classmate", "同学 | 师兄 | 师姐 | 师弟 | 师妹", "classmate"]]),
  ...EXTENDED_FAMILY,
  ...relationRows([
    ["client", "客户", "client | customer"],
    ["mentor", "导师 | 师父", "mentor"],
    ["landlord", "房东", "landlord"],
  ]),
  ...relationRows(
    [
      ["doctor", "医生 | 大夫", "doctor | dr | dr."],
      ["dentist", "牙医", "dentist"],
      ["teacher", "老师 | 教授", "teacher | professor | prof | prof."],
      ["lawyer", "律师", "lawyer | attorney"],
      ["coach", "教练", "coach"],
    ],
    true,
  ),
];

const wordsOf = (rows: readonly Relation[]) => ({ zh: rows.flatMap((r) => r.zh), en: rows.flatMap((r) => r.en) });

/** The family topic's own words: relatives and partners named in full (妹妹, "sister"). */
export const FAMILY_WORDS = wordsOf(termsOf("family"));

/**
 * Relatives and partners: the family's words, and the short forms people use of them (我妈, 我哥,
 * "my cousin"). One list for every rule that asks whether a sentence is about someone of the
 * speaker's family.
 */
export const RELATIVES = {
  zh: [...FAMILY_WORDS.zh, ...wordsOf(EXTENDED_FAMILY).zh, ...wordList("妈 | 爸 | 姐 | 妹 | 哥 | 弟 | 家人")],
  en: [
    ...FAMILY_WORDS.en,
    ...wordsOf(EXTENDED_FAMILY).en,
    ...wordList(
      "parent | kid | sibling | siblings | niece | nephew | grandparents | grandson | granddaughter | grandkids",
    ),
  ],
};

/**
 * The people of the speaker's own life: relatives, and those they work or live with. "我妹妹下个月
 * 结婚", "my boss moved to Berlin": the event is theirs, not the speaker's.
 */
export const PEOPLE = {
  zh: [...RELATIVES.zh, ...wordsOf([...COLLEAGUES, ...FRIENDS_AND_NEIGHBORS]).zh],
  en: [...RELATIVES.en, ...wordsOf([...COLLEAGUES, ...FRIENDS_AND_NEIGHBORS]).en],
};

/** Every word for a person by how the speaker knows them: the relations less projects and pets. */
export const PERSON_WORDS = wordsOf(RELATIONS.filter((r) => !["project", "cat", "dog"].includes(r.slug)));

/**
 * The most common Chinese surnames (double ones first): a Chinese name in running text is told
 * from the words around it by its surname (王晓明, 小王, 老李), since nothing else delimits it.
 */
export const SURNAMES: readonly string[] = [
  ...wordList("欧阳 | 司马 | 上官 | 诸葛 | 东方 | 皇甫 | 尉迟 | 公孙 | 慕容 | 令狐"),
  ...Array.from(
    "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田" +
      "任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文" +
      // The next most common, less the ones that open everyday words (向, 付, 温, 牛 …).
      "严韦覃闫庞樊殷施陶洪翟颜倪俞鲁葛伍尤毕聂焦柳邢莫庄辛祝涂祁舒耿詹苗凌费纪靳甄裴霍翁柯阮柴冉饶戚滕邬褚娄穆郎冀姬栾窦卓艾岑佟邝",
  ),
];
