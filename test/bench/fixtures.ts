/**
 * Memory-like texts for benchmarks: bilingual (about half Chinese, half English), deterministic
 * (seeded PRNG), built from templates × vocabulary so that 100k of them stay distinct and
 * near-duplicates are rare. Each text keeps its slot values, so queries can be made from it:
 * paraphrases (another phrasing over the same slots) and keyword subsets.
 *
 * Shared by the benches; nothing here is part of the library.
 */
import { z } from "zod";
import { InvalidInputError } from "../../src/errors.js";
import type { MemoryKind } from "../../src/schema.js";

export type FixtureLanguage = "zh" | "en";

/** One generated memory: `id` is the store key, `value` what gets stored. */
export interface MemoryFixture {
  id: string;
  lang: FixtureLanguage;
  value: { content: string; kind: MemoryKind; key: string; status: "active" };
  /** Slot values the content was filled with (queries reuse them). */
  slots: Readonly<Record<string, string>>;
  /** Index into the template table, so paraphrases use the same template's question forms. */
  template: number;
}

/** A query made from one stored memory (`source` is its index in the fixture array). */
export interface QueryFixture {
  query: string;
  lang: FixtureLanguage;
  source: number;
  mode: "paraphrase" | "keywords";
}

/**
 * mulberry32: a tiny, fast, seedable PRNG with uniform output in [0, 1). Good enough for
 * fixtures; not for anything that needs unpredictability.
 * @example
 * const rand = createRng(42);
 * rand(); // same sequence on every run
 */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Every `a` joined with every `b`: a few short lists make hundreds of names. */
const cross = (a: readonly string[], b: readonly string[], sep: string) => a.flatMap((x) => b.map((y) => `${x}${sep}${y}`));

// Vocabulary per language. Lists are long on purpose: with 3-4 slots per template the space is
// millions of sentences per language, so two of 100k samples rarely differ by a single word.
const EN = {
  carrier: ["SF Express", "DHL", "FedEx", "UPS", "JD Logistics", "ZTO Express", "YTO Express", "EMS", "Cainiao", "Royal Mail", "USPS", "Aramex", "DPD", "GLS", "Yunda", "Deppon", "J&T Express", "TNT"],
  goods: ["laptops", "books", "spare parts", "product samples", "signed contracts", "birthday gifts", "legal documents", "office chairs", "art prints", "winter clothing", "medicine", "coffee beans", "tea sets", "camera lenses", "server racks", "vinyl records", "bike parts", "hand-made ceramics", "printer toner", "trade-show banners"],
  city: ["Shanghai", "Beijing", "Shenzhen", "Hangzhou", "Chengdu", "Berlin", "London", "Paris", "Tokyo", "Singapore", "Toronto", "Sydney", "Seoul", "Madrid", "Austin", "Boston", "Wuhan", "Nanjing", "Xiamen", "Lisbon", "Osaka", "Dubai", "Vancouver", "Munich", "Guangzhou", "Chongqing", "Suzhou", "Qingdao", "Amsterdam", "Zurich", "Milan", "Prague", "Warsaw", "Istanbul", "Cairo", "Nairobi", "Mumbai", "Bangkok", "Jakarta", "Manila", "Hanoi", "Melbourne", "Auckland", "Chicago", "Seattle", "Denver", "Miami", "Mexico City", "Sao Paulo", "Buenos Aires"],
  style: ["short replies", "bullet points", "detailed explanations", "code examples first", "a formal tone", "a casual tone", "answers in Chinese", "answers in English", "a comparison table", "step-by-step instructions", "a one-line summary first", "links to the sources"],
  topic: ["database tuning", "tax filing", "travel plans", "frontend performance", "hiring", "Kubernetes upgrades", "budget reviews", "contract terms", "marketing copy", "security audits", "API design", "data pipelines", "customer refunds", "release notes", "onboarding"],
  drink: ["an oat milk latte", "black coffee", "green tea", "oolong tea", "sparkling water", "hot chocolate", "a flat white", "iced matcha", "a cold brew", "jasmine tea", "a cappuccino", "fresh orange juice", "chai", "decaf espresso"],
  timeOfDay: ["early morning", "mid-morning", "lunchtime", "early afternoon", "late afternoon", "evening", "late night"],
  cafe: ["the corner cafe", "Starbucks", "Luckin Coffee", "the office pantry", "Blue Bottle", "Costa", "the bakery downstairs", "Manner Coffee", "Tim Hortons", "the hotel lobby bar"],
  airline: ["Air China", "China Eastern", "Lufthansa", "Singapore Airlines", "ANA", "Cathay Pacific", "Emirates", "British Airways", "Delta", "KLM", "Hainan Airlines", "Qantas"],
  seat: ["aisle", "window", "exit-row", "front-row", "bulkhead", "premium economy"],
  food: ["cilantro", "peanuts", "shellfish", "spicy food", "dairy", "mushrooms", "raw garlic", "lamb", "durian", "eggplant", "tofu", "olives", "raw onions", "pork", "beef", "gluten", "bitter melon", "celery", "blue cheese", "organ meat"],
  meal: ["breakfast", "lunch", "dinner", "late-night snacks", "team lunches", "business dinners", "weekend brunch", "hotpot nights"],
  n: numbers(3, 120),
  role: ["engineers", "designers", "product managers", "data scientists", "support agents", "researchers", "sales reps", "QA testers", "SREs", "analysts", "interns", "translators"],
  project: cross(["Blue", "Red", "Silent", "Swift", "Iron", "Golden", "Northern", "Little", "Bright", "Hidden", "Wild", "Silver"], ["Atlas", "Phoenix", "Orion", "Nebula", "Falcon", "Aurora", "Helix", "Mercury", "Zephyr", "Lighthouse", "Bamboo", "Comet", "Granite", "Harbor", "Juniper", "Kestrel", "Lotus", "Meridian", "Nimbus", "Quartz"], " "),
  lang: ["Python", "TypeScript", "Go", "Rust", "Java", "Kotlin", "Swift", "C++", "Ruby", "Elixir", "Scala", "PHP"],
  platform: ["Kubernetes", "AWS Lambda", "a bare-metal cluster", "Google Cloud Run", "Azure App Service", "Alibaba Cloud ECS", "Fly.io", "Heroku", "a single VPS", "Tencent Cloud"],
  pet: ["cat", "dog", "parrot", "rabbit", "hamster", "turtle", "goldfish", "corgi", "husky", "ragdoll cat"],
  petAdj: ["shy", "grumpy", "playful", "three-year-old", "rescued", "very old", "tiny", "noisy", "lazy", "clever"],
  petName: ["Mochi", "Biscuit", "Pepper", "Tofu", "Luna", "Milo", "Nori", "Dumpling", "Oreo", "Kiwi", "Peanut", "Ziggy", "Maple", "Coco"],
  when: ["Last week", "Yesterday", "Two days ago", "Last month", "On Monday", "On Friday night", "During the release", "In March", "Over the weekend", "Last Tuesday", "Earlier today", "Before the holiday"],
  error: ["502", "504", "500 error", "429 rate limit", "memory leak", "deadlock", "race condition", "null pointer exception", "TLS handshake failure", "DNS timeout", "disk-full alert", "slow query", "crash loop", "CORS error"],
  cause: ["a gateway timeout", "a misconfigured load balancer", "an expired certificate", "an exhausted connection pool", "a stale cache", "a missing index", "a bad deploy", "clock skew", "a full disk", "an aggressive rate limiter", "a retry storm", "a leaked file handle", "a wrong environment variable", "an unbounded queue"],
  event: ["a product launch", "a customer workshop", "a trade show", "a team offsite", "a wedding", "a job interview", "a conference talk", "a board meeting", "a hackathon", "a family reunion"],
  companion: ["two colleagues", "the user's sister", "an old friend", "the whole team", "the user's manager", "a client", "the user's parents", "a recruiter", "the design lead", "the user's partner"],
  activity: ["hiking", "cycling", "swimming", "tennis", "badminton", "rock climbing", "kayaking", "bird watching", "photography", "a night run", "fishing", "skiing"],
  place: ["West Lake", "the harbour", "the old town", "the national park", "the riverside trail", "the sports centre", "the botanical garden", "the mountains", "the beach", "the stadium"],
  task: ["renew the passport", "send the quarterly report", "review the pull request", "call the dentist", "pay the electricity bill", "migrate the database", "update the onboarding doc", "book a venue", "file the expense claim", "sign the lease", "back up the laptop", "reply to the auditor", "order new monitors", "prepare the demo"],
  deadline: ["Friday", "the end of the month", "next Tuesday", "the board meeting", "the sprint review", "Chinese New Year", "the 15th", "noon tomorrow", "the audit", "the product launch"],
  chore: ["water the plants", "take the vitamins", "rotate the API keys", "check the backups", "stretch", "update the timesheet", "clean the inbox", "walk the dog", "review the budget", "call home", "refill the printer", "charge the scooter", "meditate", "drink water", "check the invoices", "tidy the desk", "read the news digest", "clear the cache", "renew the certificates", "log the mileage"],
  period: ["day", "Monday", "week", "month", "quarter", "Friday", "weekday", "two weeks"],
  tool: ["the migration script", "terraform plan", "the smoke tests", "npm ci", "the lint job", "helm diff", "the backup job", "the schema check", "a canary deploy", "the feature-flag audit"],
  component: ["API gateway", "worker pool", "search cluster", "cache layer", "billing service", "cron runner", "message queue", "auth proxy", "report builder", "web frontend"],
  alert: ["high latency", "error rate", "disk usage", "queue backlog", "payment failure", "login spike", "certificate expiry", "replication lag", "CPU saturation", "cost anomaly"],
  dashboard: ["the Grafana board", "the error tracker", "the on-call runbook", "the billing console", "the trace viewer", "the status page", "the log search", "the cost report"],
  oncall: ["the platform team", "the DBA", "the security lead", "the vendor's support", "the release manager", "the backend lead", "the payments team", "the network engineer"],
  company: cross(["Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Hooli", "Vandelay", "Soylent", "Tyrell", "Cyberdyne", "Wonka", "Pied Piper", "Oscorp", "Gringotts"], ["Trading", "Logistics", "Foods", "Devices", "Labs", "Retail", "Pharma", "Energy", "Media", "Consulting", "Holdings", "Motors"], " "),
  region: ["East China", "South China", "Northern Europe", "Southeast Asia", "West Coast", "Middle East", "Latin America", "Japan", "Australia", "Central Europe"],
  duty: ["customer support", "procurement", "payroll", "warehouse operations", "key accounts", "compliance", "recruiting", "after-sales repairs", "channel sales", "marketing events"],
  person: ["the CFO", "the regional VP", "the COO", "the head of sales", "the founder", "the operations director", "the country manager", "the general counsel"],
  currency: ["US dollars", "euros", "renminbi", "yen", "pounds", "Singapore dollars", "Hong Kong dollars"],
  shipOption: ["next-day delivery", "insured delivery", "cash on delivery", "signature on delivery", "cold-chain packaging", "economy ground", "same-day courier", "door-to-door pickup", "weekend delivery", "locker pickup", "eco packaging", "customs pre-clearance"],
  format: ["no emojis", "numbered steps", "Markdown headings", "plain text", "a TL;DR at the end", "short code blocks", "inline citations", "no jargon", "bold key terms", "a checklist"],
  audience: ["the board", "new hires", "engineers", "customers", "the legal team", "investors", "the user's manager", "non-technical staff"],
  drinkMod: ["no sugar", "extra ice", "half sugar", "an extra shot", "soy milk", "no ice", "oat milk", "a dash of honey", "whipped cream", "less ice"],
  travelNeed: ["a vegetarian meal", "extra legroom", "lounge access", "a late checkout", "an airport pickup", "a quiet hotel room", "a rail connection", "a flexible ticket", "a power outlet", "two checked bags"],
  cuisine: ["Sichuan", "Cantonese", "Japanese", "Italian", "Thai", "Korean", "Indian", "Mexican", "Hunan", "French", "Vietnamese", "Turkish"],
  db: ["PostgreSQL", "MySQL", "MongoDB", "Redis", "SQLite", "ClickHouse", "Cassandra", "DynamoDB", "Elasticsearch", "TiDB", "Oracle", "Snowflake"],
  petToy: ["tennis balls", "cardboard boxes", "chicken treats", "long walks", "the balcony", "sunny windows", "squeaky toys", "belly rubs", "car rides", "the bathtub"],
  colleague: cross(["Alice", "Bob", "Priya", "Carlos", "Yuki", "Omar", "Sofia", "Hannah", "Ken", "Lena", "Marco", "Nadia", "Tom", "Grace"], ["Chen", "Smith", "Wang", "Garcia", "Tanaka", "Khan", "Rossi", "Novak", "Kim", "Silva"], " "),
  channel: ["WeChat", "email", "SMS", "Slack", "a phone call", "the calendar", "a desktop alert", "Telegram", "DingTalk", "Feishu"],
  payMethod: ["wire transfer", "letter of credit", "Alipay", "PayPal", "cheque", "SEPA transfer", "WeChat Pay", "a corporate card"],
} as const;

const ZH = {
  carrier: ["顺丰", "京东物流", "中通", "圆通", "韵达", "申通", "邮政EMS", "德邦", "极兔", "百世", "菜鸟驿站", "闪送", "跨越速运", "宅急送"],
  goods: ["笔记本电脑", "书", "备件", "产品样品", "签好的合同", "生日礼物", "法律文件", "办公椅", "画", "冬装", "药品", "咖啡豆", "茶具", "相机镜头", "服务器机柜", "黑胶唱片", "自行车零件", "手工陶瓷", "硒鼓", "展会易拉宝"],
  city: ["上海", "北京", "深圳", "杭州", "成都", "武汉", "南京", "西安", "重庆", "广州", "苏州", "厦门", "青岛", "长沙", "天津", "昆明", "大连", "郑州", "合肥", "福州", "哈尔滨", "沈阳", "宁波", "珠海", "济南", "石家庄", "太原", "南昌", "南宁", "贵阳", "兰州", "银川", "西宁", "乌鲁木齐", "拉萨", "海口", "三亚", "呼和浩特", "长春", "无锡", "常州", "温州", "佛山", "东莞", "泉州", "烟台", "洛阳", "桂林", "丽江", "大理"],
  style: ["简短的回答", "分点列出", "详细的解释", "先给代码示例", "正式的语气", "轻松的语气", "用中文回复", "用英文回复", "用表格对比", "一步一步的说明", "先给一句话结论", "附上信息来源"],
  topic: ["数据库调优", "报税", "旅行计划", "前端性能", "招聘", "Kubernetes 升级", "预算审核", "合同条款", "营销文案", "安全审计", "接口设计", "数据管道", "客户退款", "版本说明", "新人入职"],
  drink: ["燕麦拿铁", "美式咖啡", "绿茶", "乌龙茶", "气泡水", "热巧克力", "馥芮白", "冰抹茶", "冷萃咖啡", "茉莉花茶", "卡布奇诺", "鲜榨橙汁", "豆浆", "普洱茶", "菊花茶"],
  timeOfDay: ["早上", "上午", "中午", "下午", "傍晚", "晚上", "深夜"],
  cafe: ["楼下咖啡馆", "星巴克", "瑞幸", "公司茶水间", "Manner", "喜茶", "面包店", "酒店大堂", "便利店", "奈雪"],
  airline: ["国航", "东航", "南航", "海航", "川航", "厦航", "国泰", "新加坡航空", "全日空", "汉莎航空", "春秋航空", "吉祥航空"],
  seat: ["靠过道的座位", "靠窗的座位", "安全出口座位", "前排座位", "超级经济舱", "商务舱"],
  food: ["香菜", "花生", "海鲜", "辣椒", "牛奶", "蘑菇", "大蒜", "羊肉", "榴莲", "茄子", "豆腐", "洋葱", "猪肉", "牛肉", "苦瓜", "芹菜", "内脏", "生鱼片", "韭菜", "肥肠"],
  meal: ["早饭", "午饭", "晚饭", "夜宵", "团队聚餐", "商务宴请", "周末早午餐", "火锅局"],
  n: numbers(3, 120),
  role: ["工程师", "设计师", "产品经理", "数据分析师", "客服", "研究员", "销售", "测试", "运维", "实习生", "翻译", "财务"],
  project: cross(["蓝色", "红色", "静默", "飞快", "钢铁", "金色", "北方", "小小", "明亮", "隐藏", "野生", "银色"], ["灯塔", "竹林", "彗星", "磐石", "港湾", "青松", "白鹭", "莲花", "子午线", "云朵", "石英", "猎鹰", "极光", "星云", "凤凰", "信使", "和风", "海燕", "北斗", "长城"], ""),
  lang: ["Python", "TypeScript", "Go", "Rust", "Java", "Kotlin", "Swift", "C++", "Ruby", "Elixir", "Scala", "PHP"],
  platform: ["Kubernetes", "AWS Lambda", "物理机集群", "Google Cloud Run", "Azure", "阿里云 ECS", "腾讯云", "华为云", "一台 VPS", "自建机房"],
  pet: ["猫", "狗", "鹦鹉", "兔子", "仓鼠", "乌龟", "金鱼", "柯基", "哈士奇", "布偶猫"],
  petAdj: ["胆小", "脾气很大", "爱玩", "三岁", "领养来", "年纪很大", "很小", "很吵", "很懒", "很聪明"],
  petName: ["麻薯", "饼干", "胡椒", "豆腐", "月亮", "米洛", "海苔", "饺子", "奥利奥", "猕猴桃", "花生", "团子", "枫叶", "可可"],
  when: ["上周", "昨天", "前天", "上个月", "周一", "周五晚上", "发版当天", "三月份", "周末", "上周二", "今天早些时候", "放假前"],
  error: ["502 错误", "504 超时", "500 错误", "429 限流", "内存泄漏", "死锁", "竞态条件", "空指针异常", "TLS 握手失败", "DNS 超时", "磁盘告警", "慢查询", "容器反复重启", "跨域错误"],
  cause: ["网关超时", "负载均衡配置错误", "证书过期", "连接池耗尽", "缓存过期", "缺少索引", "一次错误的发布", "时钟不同步", "磁盘写满", "限流过严", "重试风暴", "文件句柄泄漏", "环境变量写错", "队列无上限"],
  event: ["产品发布会", "客户工作坊", "展会", "团建", "婚礼", "面试", "技术大会演讲", "董事会", "黑客松", "家庭聚会"],
  companion: ["两个同事", "姐姐", "老朋友", "整个团队", "领导", "客户", "父母", "猎头", "设计负责人", "对象"],
  activity: ["爬山", "骑行", "游泳", "打网球", "打羽毛球", "攀岩", "划皮划艇", "观鸟", "拍照", "夜跑", "钓鱼", "滑雪"],
  place: ["西湖", "海边", "老城区", "国家公园", "江边步道", "体育中心", "植物园", "山里", "沙滩", "体育场"],
  task: ["续签护照", "提交季度报告", "审核合并请求", "预约牙医", "交电费", "迁移数据库", "更新入职文档", "订会场", "提交报销", "签租房合同", "备份电脑", "回复审计", "采购新显示器", "准备演示"],
  deadline: ["周五", "月底", "下周二", "董事会", "迭代评审", "春节", "15 号", "明天中午", "审计", "产品发布"],
  chore: ["浇花", "吃维生素", "轮换 API 密钥", "检查备份", "拉伸", "填工时", "清理邮箱", "遛狗", "看预算", "给家里打电话", "给打印机加纸", "给电动车充电", "冥想", "喝水", "核对发票", "收拾桌面", "看新闻摘要", "清缓存", "续期证书", "记里程"],
  period: ["天", "周一", "周", "月", "季度", "周五", "个工作日", "两周"],
  tool: ["迁移脚本", "terraform plan", "冒烟测试", "npm ci", "代码检查", "helm diff", "备份任务", "表结构检查", "灰度发布", "功能开关审计"],
  component: ["API 网关", "工作进程池", "搜索集群", "缓存层", "计费服务", "定时任务", "消息队列", "鉴权代理", "报表服务", "前端"],
  alert: ["高延迟", "错误率", "磁盘使用率", "队列积压", "支付失败", "登录激增", "证书到期", "主从延迟", "CPU 打满", "费用异常"],
  dashboard: ["Grafana 看板", "错误追踪", "值班手册", "计费控制台", "链路追踪", "状态页", "日志检索", "成本报表"],
  oncall: ["平台组", "DBA", "安全负责人", "供应商客服", "发布经理", "后端负责人", "支付组", "网络工程师"],
  company: cross(["华云", "星河", "蓝海", "远景", "青禾", "明德", "恒通", "新元", "北辰", "东方", "瑞丰", "天成", "嘉禾", "鼎盛", "和泰"], ["科技", "贸易", "物流", "电子", "食品", "咨询", "制造", "零售", "能源", "传媒", "医药", "建设"], ""),
  region: ["华东", "华南", "华北", "西南", "东北", "华中", "西北", "香港", "东南亚", "欧洲"],
  duty: ["客户支持", "采购", "薪酬", "仓储", "大客户", "合规", "招聘", "售后维修", "渠道销售", "市场活动"],
  person: ["财务总监", "区域副总裁", "运营总监", "销售负责人", "创始人", "营运总监", "国家区经理", "法务总监"],
  currency: ["美元", "欧元", "人民币", "日元", "英镑", "新加坡元", "港币"],
  shipOption: ["次日达", "保价", "货到付款", "本人签收", "冷链包装", "经济快递", "同城急送", "上门取件", "周末配送", "快递柜自取", "环保包装", "提前清关"],
  format: ["不要表情符号", "带编号的步骤", "用 Markdown 标题", "纯文本", "最后附一段总结", "简短的代码块", "行内标注出处", "少用术语", "关键词加粗", "给一个清单"],
  audience: ["董事会", "新同事", "工程师", "客户", "法务团队", "投资人", "用户的领导", "非技术同事"],
  drinkMod: ["无糖", "多冰", "半糖", "加一份浓缩", "换豆奶", "去冰", "换燕麦奶", "加蜂蜜", "加奶油", "少冰"],
  travelNeed: ["素食餐", "更大的腿部空间", "贵宾休息室", "延迟退房", "接机", "安静的酒店房间", "高铁接驳", "可改签的机票", "电源插座", "两件托运行李"],
  cuisine: ["川菜", "粤菜", "日料", "意大利菜", "泰国菜", "韩餐", "印度菜", "墨西哥菜", "湘菜", "法餐", "越南菜", "土耳其菜"],
  db: ["PostgreSQL", "MySQL", "MongoDB", "Redis", "SQLite", "ClickHouse", "Cassandra", "DynamoDB", "Elasticsearch", "TiDB", "Oracle", "达梦数据库"],
  petToy: ["网球", "纸箱", "鸡肉干", "出门散步", "阳台", "晒太阳", "响声玩具", "被摸肚子", "坐车兜风", "浴缸"],
  colleague: cross(["王", "李", "张", "陈", "刘", "赵", "孙", "周", "吴", "郑", "何", "林", "高", "罗"], ["磊", "娜", "伟", "静", "洋", "敏", "悦", "杰", "昊", "爽"], ""),
  channel: ["微信", "邮件", "短信", "Slack", "电话", "日历", "桌面通知", "Telegram", "钉钉", "飞书"],
  payMethod: ["电汇", "信用证", "支付宝", "PayPal", "支票", "银行转账", "微信支付", "公司信用卡"],
} as const;

type Slot = keyof typeof EN & keyof typeof ZH;

interface Template {
  lang: FixtureLanguage;
  kind: MemoryKind;
  key: string;
  text: string;
  /** Other phrasings over (a subset of) the same slots: what a user might ask. */
  asks: readonly string[];
}

const t = (lang: FixtureLanguage, kind: MemoryKind, key: string, text: string, ...asks: string[]): Template => ({ lang, kind, key, text, asks });

const TEMPLATES: readonly Template[] = [
  t("en", "preference", "shipping.carrier", "The user prefers {carrier} with {shipOption} for shipping {goods} to {city}", "which courier for sending {goods} to {city}", "{carrier} {shipOption} for {goods}"),
  t("en", "preference", "reply.style", "When asking about {topic}, the user wants {style} and {format}, written for {audience}", "how to answer questions on {topic}", "{topic} reply format for {audience}"),
  t("en", "preference", "drink.order", "The user usually orders {drink} with {drinkMod} in the {timeOfDay} from {cafe} in {city}", "what does the user drink in the {timeOfDay}", "{drink} at {cafe}"),
  t("en", "preference", "travel.seat", "When flying to {city} for {event}, the user books {seat} seats on {airline} and needs {travelNeed}", "seat preference for {airline} flights", "flying to {city} on {airline} with {travelNeed}"),
  t("en", "fact", "food.dislike", "The user does not eat {food} and asks for no {food2} at {cuisine} {meal} with {companion}", "food the user avoids at {meal}", "does the user eat {food}"),
  t("en", "fact", "team.size", "The user's team has {n} {role} working on {project} from {city}", "how many {role} work on {project}", "{project} team size in {city}"),
  t("en", "fact", "project.stack", "The user's {project} service is written in {lang}, stores data in {db} and runs {n} replicas on {platform}", "what language is {project} written in", "{project} {lang} {db}"),
  t("en", "fact", "pet", "The user lives in {city} with a {petAdj} {pet} named {petName} who loves {petToy}", "what is the name of the user's {pet}", "{petName} the {pet} likes {petToy}"),
  t("en", "episode", "incident.debug", "{when} the user debugged a {error} on the {component} caused by {cause} in {project}", "what caused the {error} in {project}", "{error} {cause}"),
  t("en", "episode", "trip", "{when} the user flew {airline} to {city} for {event} with {companion}", "when did the user go to {city}", "{event} trip to {city}"),
  t("en", "episode", "outing", "{when} the user went {activity} with {companion} near {place} in {city}", "who went {activity} with the user", "{activity} at {place}"),
  t("en", "todo", "task.deadline", "The user needs to {task} before {deadline} for {project}, then tell {colleague} in {city}", "what must be done before {deadline}", "{task} deadline {project}"),
  t("en", "todo", "reminder", "Remind the user to {chore} every {period} in the {timeOfDay} via {channel} and cc {colleague}", "recurring reminder to {chore}", "{chore} every {period} by {channel}"),
  t("en", "procedure", "deploy.steps", "To deploy {project} in {region}, the user runs {tool} first, then restarts the {component} and notifies {colleague}", "how does the user deploy {project}", "deploy {project} {tool} {component}"),
  t("en", "procedure", "incident.runbook", "When the {alert} alert fires for {project}, the user checks {dashboard} and pages {oncall} within {n} minutes", "what to do on a {alert} alert", "{alert} alert {project} {oncall}"),
  t("en", "business_fact", "org.office", "The {region} office of {company} has {n} staff, handles {duty} and reports to {person}", "who handles {duty} at {company}", "{company} {region} office"),
  t("en", "business_fact", "billing.terms", "{company} pays {region} invoices in {currency} by {payMethod} within {n} days", "payment terms of {company}", "{company} invoices {currency} {payMethod}"),
  t("zh", "preference", "shipping.carrier", "用户寄{goods}到{city}时喜欢用{carrier}，要{shipOption}", "寄{goods}去{city}用哪家快递", "{carrier}{shipOption}寄{goods}"),
  t("zh", "preference", "reply.style", "用户问{topic}相关的问题时希望{style}，{format}，写给{audience}看", "{topic}的问题怎么回答", "{topic} {style} {audience}"),
  t("zh", "preference", "drink.order", "用户在{city}时{timeOfDay}一般去{cafe}点{drink}，{drinkMod}", "用户{timeOfDay}喝什么", "{cafe}的{drink}{drinkMod}"),
  t("zh", "preference", "travel.seat", "用户去{city}参加{event}时坐{airline}，要订{seat}，还需要{travelNeed}", "坐{airline}选什么座位", "去{city}的航班{travelNeed}"),
  t("zh", "fact", "food.dislike", "用户不吃{food}，和{companion}吃{cuisine}{meal}时也不点带{food2}的菜", "用户{meal}忌口什么", "用户吃不吃{food}"),
  t("zh", "fact", "team.size", "用户的团队有 {n} 个{role}，在{city}负责{project}", "{project}有多少{role}", "{project}团队几个人 {city}"),
  t("zh", "fact", "project.stack", "用户的{project}服务是用{lang}写的，数据存在{db}，在{platform}上跑了 {n} 个副本", "{project}用什么语言写的", "{project} {lang} {db}"),
  t("zh", "fact", "pet", "用户在{city}养了一只{petAdj}的{pet}，叫{petName}，最喜欢{petToy}", "用户的{pet}叫什么名字", "{pet}{petName}喜欢{petToy}"),
  t("zh", "episode", "incident.debug", "{when}用户排查了{project}的{component}里由{cause}引起的{error}", "{project}的{error}是什么原因", "{error} {cause}"),
  t("zh", "episode", "trip", "{when}用户和{companion}坐{airline}去{city}参加了{event}", "用户什么时候去的{city}", "{city}{event}"),
  t("zh", "episode", "outing", "{when}用户和{companion}在{city}的{place}{activity}", "谁和用户一起{activity}", "{place}{activity}"),
  t("zh", "todo", "task.deadline", "用户要在{deadline}之前为{project}{task}，然后告诉{city}的{colleague}", "{deadline}之前要做什么", "{task}的截止时间 {project}"),
  t("zh", "todo", "reminder", "每{period}{timeOfDay}用{channel}提醒用户{chore}，并抄送{colleague}", "定期提醒{chore}", "每{period}{chore} {channel}"),
  t("zh", "procedure", "deploy.steps", "在{region}部署{project}时，用户先运行{tool}，再重启{component}，最后通知{colleague}", "{project}怎么部署", "部署{project} {tool} {component}"),
  t("zh", "procedure", "incident.runbook", "{project}的{alert}告警触发时，用户先看{dashboard}，{n} 分钟内通知{oncall}", "{alert}告警怎么处理", "{alert}告警 {project} {oncall}"),
  t("zh", "business_fact", "org.office", "{company}{region}分公司有 {n} 人，负责{duty}，向{person}汇报", "{company}谁负责{duty}", "{company}{region}分公司"),
  t("zh", "business_fact", "billing.terms", "{company}{region}的发票用{currency}通过{payMethod}结算，账期{n}天", "{company}的账期多长", "{company}发票{currency}{payMethod}"),
];

const SLOT = /\{(\w+)\}/g;

function fill(text: string, slots: Readonly<Record<string, string>>): string {
  return text.replace(SLOT, (_, name: string) => slots[name] ?? "");
}

function slotNames(text: string): string[] {
  return [...new Set([...text.matchAll(SLOT)].map((m) => m[1]!))];
}

/** `{food2}` draws from the `food` list independently of `{food}`. */
function vocabularyOf(slot: string): Slot {
  return slot.replace(/\d+$/, "") as Slot;
}

const CountSchema = z.number().int().min(0).max(10_000_000);
const SeedSchema = z.number().int().optional();

function checkCount(count: unknown, what: string): number {
  const parsed = CountSchema.safeParse(count);
  if (!parsed.success) throw new InvalidInputError(`${what} expects a count from 0 to 10,000,000; received ${String(count)}.`);
  return parsed.data;
}

function checkSeed(seed: unknown, what: string): number | undefined {
  const parsed = SeedSchema.safeParse(seed);
  if (!parsed.success) throw new InvalidInputError(`${what} expects an integer seed; received ${String(seed)}.`);
  return parsed.data;
}

/**
 * `count` distinct memory-like texts, about half Chinese and half English, the same for the
 * same seed. Ids are `${idPrefix}${index}` zero-padded to 7 digits.
 * @example
 * const memories = generateMemories(1000, { seed: 7 });
 * await store.batch(memories.map((m) => ({ namespace: ["memory", "_default", "u1", "records"], key: m.id, value: m.value })));
 */
export function generateMemories(count: number, options: { seed?: number; idPrefix?: string } = {}): MemoryFixture[] {
  const n = checkCount(count, "generateMemories");
  const rand = createRng(checkSeed(options.seed, "generateMemories") ?? 20240601);
  const byLang = { zh: TEMPLATES.filter((x) => x.lang === "zh"), en: TEMPLATES.filter((x) => x.lang === "en") };
  const seen = new Set<string>();
  const out: MemoryFixture[] = [];
  for (let attempts = 0; out.length < n; attempts += 1) {
    // The template space holds millions of sentences per language; running out means a bug.
    if (attempts > n * 20 + 1000) throw new InvalidInputError(`generateMemories could not find ${n} distinct texts.`);
    const lang: FixtureLanguage = rand() < 0.5 ? "zh" : "en";
    const template = pick(rand, byLang[lang]);
    const vocab = lang === "zh" ? ZH : EN;
    const slots: Record<string, string> = {};
    for (const name of slotNames(template.text)) slots[name] = pick(rand, vocab[vocabularyOf(name)]);
    const content = fill(template.text, slots);
    if (seen.has(content)) continue;
    seen.add(content);
    out.push({
      id: `${options.idPrefix ?? "m"}${String(out.length).padStart(7, "0")}`,
      lang,
      value: { content, kind: template.kind, key: template.key, status: "active" },
      slots,
      template: TEMPLATES.indexOf(template),
    });
  }
  return out;
}

/**
 * `count` queries, each made from a randomly chosen memory: about 60% paraphrases (one of its
 * template's question forms over its own slot values), 40% keyword subsets (2–3 of its slot
 * values). The language follows the memory, so queries are mixed zh/en like the data.
 * @example
 * const queries = generateQueries(memories, 200, { seed: 11 });
 * await store.search(ns, { query: queries[0].query, limit: 10 });
 */
export function generateQueries(memories: readonly MemoryFixture[], count: number, options: { seed?: number } = {}): QueryFixture[] {
  const n = checkCount(count, "generateQueries");
  if (n > 0 && memories.length === 0) throw new InvalidInputError("generateQueries needs at least one memory to make queries from; received none.");
  const rand = createRng(checkSeed(options.seed, "generateQueries") ?? 977);
  const out: QueryFixture[] = [];
  for (let i = 0; i < n; i += 1) {
    const source = Math.floor(rand() * memories.length);
    const memory = memories[source]!;
    const template = TEMPLATES[memory.template]!;
    if (rand() < 0.6) {
      out.push({ query: fill(pick(rand, template.asks), memory.slots), lang: memory.lang, source, mode: "paraphrase" });
      continue;
    }
    const values = Object.values(memory.slots);
    // Fisher–Yates with the seeded generator, then keep 2 or 3.
    for (let j = values.length - 1; j > 0; j -= 1) {
      const k = Math.floor(rand() * (j + 1));
      [values[j], values[k]] = [values[k]!, values[j]!];
    }
    const keep = Math.min(values.length, rand() < 0.5 ? 2 : 3);
    out.push({ query: values.slice(0, keep).join(" "), lang: memory.lang, source, mode: "keywords" });
  }
  return out;
}
