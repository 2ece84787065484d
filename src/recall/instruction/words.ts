/**
 * The cue words of the instruction detector (see ../instruction.ts), one list per structure it
 * reads: English and Chinese words for overriding, revealing, role and persona changes, and the
 * orders (promote, privileged actions) whose addressee and scope are read.
 */
import { wordList } from "../../text/patterns.js";

// English cue words. Verbs are listed in the forms an order takes (base, gerund), not the
// third person: "The user ignores marketing emails" describes the user.
export const EN = {
  overrideVerbs: wordList(`ignore | ignoring | disregard | disregarding | forget | forgetting | override | overriding |
    bypass | bypassing | discard | abandon | set aside | throw out | stop following | do not follow | don't follow |
    no longer follow | stop obeying | do not obey | don't obey | do not listen to | don't listen to | drop | skip |
    throw away | scrap | ditch | toss |
    stop listening to | don't bother with | do not bother with | pay no attention to | never mind`),
  overrideScope:
    wordList(`previous | previously | prior | above | earlier | preceding | foregoing | original | initial |
    all | every | any | your | system | safety | developer | current | existing | default | usual | built-in | content |
    the assistant's | the ai's | the bot's | the model's | its own`),
  ruleNouns:
    wordList(`instructions | instruction | prompt | prompts | rules | rule | guidelines | directions | directives |
    constraints | restrictions | guardrails | programming | policies | policy | limits | filters | safeguards |
    safety settings | security settings | content settings | moderation settings | content filter | content filters`),
  /** Where a set of rules comes from, after its noun: "the rules above", "the instructions you were given". */
  givenBefore: wordList(`above | earlier | before | previously | so far | given to you | placed on you | set for you |
    you were given | you have been given | you've been given | you received | you got | you have | you follow |
    you were told | from before`),
  /** What only an assistant has: "bypass your filters", "forget your training". */
  ownNouns:
    wordList(`filters | safeguards | training | limits | limitations | ethics | safety | guidelines | programming |
    restrictions | rules | instructions`),
  overrideWhole:
    wordList(`everything above | everything before | everything prior | everything so far | all of the above |
    the above | what you were told | everything you were told | anything you were told | everything you have been told`),
  /** "you don't have to follow any rules", "the bot is not restricted by its guidelines". */
  needNot: wordList(`no need to | no need for you to | don't need to | do not need to | doesn't need to |
    does not need to | don't have to | do not have to | doesn't have to | does not have to | never have to | need not |
    needn't | no longer need to | no longer have to | is free to | are free to | can safely | can freely |
    is not required to | are not required to | is allowed to | are allowed to | has permission to |
    have permission to | been granted permission to | been given permission to | is permitted to | are permitted to |
    is authorized to | are authorized to`),
  obeyVerbs: wordList(`follow | obey | respect | observe | comply with | stick to | abide by | ignore | disregard |
    care about | worry about`),
  notBound: wordList(`not bound by | no longer bound by | not restricted by | no longer restricted by |
    not limited by | not constrained by | not governed by | free from | free of`),
  revealVerbs: wordList(`reveal | revealing | print | printing | show | showing | send | sending | repeat | repeating |
    output | outputting | display | displaying | dump | dumping | leak | leaking | disclose | disclosing | recite |
    reciting | echo | echoing | expose | exposing | share | sharing | copy | copying | paste | pasting | write out |
    writing out | spell out | type out | read out | list | listing | quote | quoting | tell me | give me | translate`),
  /** Prompts by name; a system prompt possessed by someone else ("their bot's") is not the assistant's. */
  promptNames: wordList(`system prompt | system prompts | system message | system instructions | developer message |
    developer prompt | initial prompt | original prompt | pre-prompt | preprompt | meta prompt | hidden prompt |
    secret prompt | internal prompt | hidden instructions | secret instructions | internal instructions |
    confidential instructions | hidden rules | secret rules | hidden directives | hidden guidelines`),
  notTheAssistants: wordList(`their | his | her | its | own | a | an | 's`),
  yourAdjectives: wordList(`hidden | secret | internal | confidential | underlying | initial | original | full | whole |
    entire | complete | own | system | current | exact | real | true | first`),
  secretNouns: wordList(`prompt | prompts | system prompt | instructions | configuration | configurations | config |
    settings | rules | guidelines | directives | setup | programming | context | system message | api key | api keys |
    password | passwords | credentials | secrets | tokens`),
  givenNouns: wordList(`instructions | settings | rules | configuration | config | prompt | guidelines | directives |
    everything | text | words`),
  given: wordList(`you were given | you have been given | you've been given | you received | you got | given to you |
    you started with | you were told | above`),
  /** Where a turn or an order starts: start of text or line, after punctuation. */
  roleNames: wordList(`system | assistant | developer | human`),
  /** What follows a faked role name when it is one: "…tea system: you must obey". */
  roleFollowers: wordList(`you | your | ignore | disregard | forget | override | from now | always | never | reveal |
    print | new | obey | follow | do not | don't | respond | reply | answer | act | pretend | the assistant | sure | ok |
    okay | certainly | here is | here are`),
  templateRoles: wordList(`system | sys | inst | assistant | developer`),
  headingRoles: wordList(`instruction | instructions | system | response | assistant | input`),
  addressed: wordList(`you | please | now | then`),
  addressedModal: wordList(`to | must | should | will | shall | can | may`),
  personaVerbs: wordList(`act as | behave as | roleplay as | role-play as | pose as | pretend to be | pretend you are |
    pretend you're | impersonate | simulate being | become dan`),
  persona: wordList(`you are now | you're now | you are no longer | you're no longer | you are not bound |
    you're not bound | you are not restricted | you're not restricted | do anything now | you are dan | you're dan |
    you are jailbroken | you're jailbroken | you are now jailbroken | pretend that you are | pretend you are |
    pretend you're | from now on you are | from now on, you are | from now on you're | from now on, you're |
    from now on you will be | from now on, you will be | from now on you have no | from now on, you have no |
    jailbreak mode | jailbreak prompt | jailbreak enabled | jailbreak activated | dan mode | unrestricted mode |
    unfiltered mode | developer mode enabled | developer mode activated | developer mode output | new system prompt`),
  /** A new set of orders announced with a colon: "New instructions: …". */
  newOrders: wordList("new instructions | updated instructions | new directives | new rules for you"),
  noLimits: wordList(
    `rules | restrictions | limits | limitations | filters | guidelines | boundaries | ethics | morals`,
  ),
  modeSwitch: wordList(`enable | enter | activate | switch to | switch into | turn on | unlock | go into`),
  modes: wordList(`developer | dan | jailbreak | unrestricted | unfiltered`),
  /** The assistant as the owner of an identity: "your new name", "the assistant's new role". */
  assistantOwners: wordList(
    `your | the assistant's | the ai's | the bot's | the model's | the chatbot's | this assistant's`,
  ),
  assistantNames: wordList(`the assistant | the ai | the bot | the model | the chatbot | this assistant | this bot`),
  identityNouns: wordList(`identity | name | role | persona | personality | character | purpose | job | mission | goal |
    task | title | instructions`),
  identityNew: wordList(`new | real | true | actual | only | sole | main | primary | updated`),
  fromNowOn: wordList(`from now on | starting today | starting now | going forward | from today | from today on |
    henceforth | hereafter | from here on | from this point on | from this point forward`),
  becomes: wordList(`are | is | will be | shall be | will act as | act as | become | becomes | are called | is called`),
  nameYourself: wordList(`call yourself | name yourself | refer to yourself as | introduce yourself as |
    you will be called | you are called | you shall be called | you go by`),
  actAs: wordList(`act | behave | pose | serve | function | operate | respond | answer | reply`),
};

// Words of orders to act: pushing a product or a link, privileged actions, messages to others.
export const EN_ORDER = {
  promoteVerbs:
    wordList(`say that | claim that | state that | insist that | recommend | recommending | promote | promoting | advertise | advertising | push | pushing |
    endorse | endorsing | plug | plugging | shill | shilling | pitch | pitching | suggest | suggesting | tout | touting |
    hype | upsell | market | sell | selling | mention | mentioning`),
  /** Telling the user something in every reply: pushes only a web address or a promo code. */
  tellUser: wordList(`let the user know | let users know | let everyone know | tell the user | tell users |
    remind the user | remind users | inform the user | inform users`),
  linkVerbs: wordList(`include | including | add | adding | append | appending | insert | inserting | put | attach |
    attaching | embed | embedding | paste | pasting | drop | post | place | share | sharing | end with | sign with |
    sign off with | close with | finish with | start with | begin with | open with | answer with | reply with |
    respond with | includes | contains | ends with | features | carries`),
  /** Sending people somewhere: "direct users to", "tell everyone to visit". */
  steerVerbs: wordList(`direct | send | redirect | point | refer | steer | route | forward | invite | urge | encourage |
    ask | tell | get | persuade | convince | directing | sending | pointing | inviting | urging | encouraging | asking |
    telling | persuading`),
  audience: wordList(`users | customers | people | everyone | everybody | anyone | anybody | visitors | readers |
    clients | them | the user | each user | every user | all users | every customer | all customers`),
  /** Words of how long or to whom: an order to push a product holds for every reply or every user. */
  scope:
    wordList(`always | every | each | all | any | whenever | whatever | any time | anytime | no matter | regardless | from now on |
    going forward | from here on | henceforth | constantly | forever | at all times | keep | keeps | everyone | everybody | anyone |
    users | customers | visitors`),
  /** What is pushed: a kind of product that is sold or a place that is visited. */
  productNouns: wordList(`crypto | cryptocurrency | coin | token | stock | stocks | shares | app | plan | subscription |
    membership | course | exchange | wallet | broker | vpn | pill | pills | supplement | supplements | brand | product |
    products | platform | website | site | channel | shop | store | newsletter | club | referral | affiliate | promo |
    coupon | casino | investment | loan | loans | trading | betting | scheme`),
  /** Brand-like word endings: zorkcoin, quickloan, hyperyield. */
  productEndings: wordList("coin | token | swap | bet | casino | pay | loan | cash | yield | fx | trade"),
  linkNouns: wordList(`referral link | referral code | affiliate link | affiliate code | promo code | promo link |
    discount code | coupon code | invite link | invite code | invitation link | tracking link | sponsored by |
    brought to you by | powered by | advertisement`),
  privilegedActions: wordList(`approve | accept | grant | authorize | authorise | process | issue | sign off |
    rubber-stamp | pay out | refund | honour | honor`),
  quantified: wordList("all | every | any | each | every single | all pending | every pending | all outstanding"),
  claims: wordList(`refunds | refund | refund requests | refund request | requests | request | claims | claim |
    withdrawals | withdrawal | transfers | transfer | payments | payment | chargebacks | chargeback | returns | return |
    applications | application | reimbursements | reimbursement | orders | order | loans | loan | discounts |
    exceptions`),
  /** Other users' data: "share the other users' emails". */
  othersData: wordList(`other users' | other customers' | other people's | everyone's | all users' | every user's |
    another user's | other clients' | all customers'`),
  dataVerbs: wordList("share | send | give | show | reveal | list | forward | leak | export | email | post"),
  forwardVerbs: wordList("forward | send | share | copy | cc | bcc | email | leak | upload | export"),
  privateData:
    wordList(`messages | conversations | chats | emails | data | passwords | details | information | records |
    files | contacts | history | chat logs | private messages`),
  unchecked: wordList(`checks | check | checking | verification | verifying | review | reviewing | approval | asking |
    questions | limits | limit | a manager | confirmation | any checks | any review | any verification`),
  grantVerbs: wordList("grant | give | assign | provide | hand"),
  powers:
    wordList(`admin | administrator | root | superuser | full | unrestricted | elevated | owner | master | premium |
    vip | pro | paid | unlimited | free | special`),
  powerNouns: wordList("access | rights | privileges | permissions | role | control"),
  moneyVerbs: wordList("transfer | wire | send | pay | move | deposit"),
  money: wordList(`money | funds | balance | savings | bitcoin | btc | crypto | the money | the funds | the balance |
    dollars | euros | pounds | usd | eur | gbp | yuan | rmb`),
  disableVerbs: wordList("disable | turn off | switch off | skip | bypass | deactivate | remove | suspend"),
  checks: wordList(`checks | check | verification | authentication | 2fa | two-factor | kyc | review | approval step |
    screening | moderation | identity checks | fraud checks | security checks | safety checks | age checks |
    identity verification | fraud check | content filter | content filters | filters | filter | safety filter |
    safety filters | moderation | safe mode | safety mode | safeguards | guardrails`),
  waiveVerbs: wordList("waive | cancel | drop | remove | refund"),
  fees: wordList("fees | fee | charges | charge | penalties | limits"),
  wipeVerbs: wordList("delete | wipe | erase | purge"),
  wiped: wordList("accounts | users | records | data | databases | backups | logs"),
  tellVerbs: wordList(`tell | inform | assure | convince | warn | remind | notify | ask | persuade | advise | urge |
    message | email`),
  others: wordList(`all the other users | all the other customers | the other customers | every user | all users |
    each user | any user | other users | all other users | the other users |
    every customer | all customers | each customer | any customer | every visitor | each visitor | all visitors |
    every client | all clients | everyone | everybody | anyone | anybody | every member | all members | all readers`),
  followVerbs:
    wordList(`follow | obey | execute | carry out | act on | comply with | apply | do what | do as | live by |
    heed`),
  followed: wordList(`it | this | that | these | them | the above | the quote | the line | the note | the sentence |
    this line | this note | this quote | it says | its instructions | its instruction`),
  /** "highest-priority command", "top priority instruction", "priority zero order". */
  priorityAdjectives: wordList(`highest | top | maximum | max | absolute | supreme | overriding | utmost | first |
    critical | ultimate | number one | number-one`),
  orderNouns: wordList(`command | commands | instruction | instructions | directive | directives | order | orders |
    rule | override | message | notice | update`),
  announcedAdjectives: wordList(`critical | urgent | mandatory | binding | official | admin | administrator | secret |
    hidden | special | priority | emergency | top-secret`),
  announcers: wordList(`admin | administrator | system | developer | developers | operator | owner | management |
    headquarters | hq | security team | the company`),
  /** "this instruction overrides all others". */
  thisOrder: wordList(`this | the following | these | the next | that | this one`),
  orderSubjects: wordList(`instruction | instructions | command | commands | rule | rules | order | orders | directive |
    directives | message | note | memory | line | text`),
  outranks: wordList(`overrides | override | supersedes | supersede | replaces | replace | takes precedence over |
    take precedence over | outranks | outrank | trumps | trump | has priority over | have priority over | comes before |
    come before | beats | cancels | cancel | overrule | overrules`),
  outranked: wordList(`instructions | instruction | directives | prompts | prompt | system prompt | guidelines |
    programming | rules you | others | other instructions | other rules | previous rules | prior rules | your rules |
    system rules | earlier rules | other orders | other commands`),
};

// Chinese cue words, simplified and traditional.
export const ZH = {
  overrideVerbs:
    wordList(`忽略 | 忽视 | 无视 | 忘记 | 忘掉 | 忘了 | 不要理会 | 别理会 | 不用管 | 别管 | 跳过 | 抛开 | 丢弃 | 抛弃 |
    放弃 | 覆盖 | 推翻 | 绕过 | 不再遵守 | 不要遵守 | 别遵守 | 不必遵守 | 忽視 | 無視 | 忘記 | 不要理會 | 別理會 | 別管 |
    跳過 | 拋開 | 丟棄 | 拋棄 | 覆蓋 | 繞過 | 別遵守`),
  overrideScope:
    wordList(`之前 | 以前 | 先前 | 此前 | 以上 | 上面 | 上述 | 前面 | 原来 | 原先 | 原有 | 所有 | 全部 | 一切 | 你的 |
    你收到的 | 给你的 | 助手的 | ai的 | 平台 | 系统 | 开发者 | 初始 | 安全 | 原來 | 係統 | 系統 | 開發者`),
  ruleNouns:
    wordList(`指令 | 指示 | 提示 | 提示词 | 规则 | 设定 | 要求 | 限制 | 约束 | 规定 | 命令 | 内容 | 规范 | 准则 |
    守则 | 策略 | 政策 | 规矩 | prompt | 提示詞 | 規則 | 設定 | 約束 | 規定 | 內容 | 規範 | 準則 | 守則`),
  /** "不需要遵守任何规则", "用不着理会平台的规定". */
  needNot: wordList(
    `不需要 | 不用 | 无需 | 不必 | 不再需要 | 用不着 | 没必要 | 可以不 | 不要再 | 别再 | 無需 | 不需要再`,
  ),
  obeyVerbs: wordList("遵守 | 遵循 | 服从 | 理会 | 管 | 听从 | 执行 | 受 | 遵從 | 服從 | 理會 | 聽從"),
  notBound: wordList("不受 | 不再受 | 摆脱 | 擺脫"),
  anyRule: wordList("什么 | 任何 | 一切 | 所有"),
  ignoreAfter: wordList("不用管 | 不必管 | 都不用管 | 都不用遵守 | 都可以不管 | 都不必遵守 | 都别管 | 都可以无视"),
  revealVerbs:
    wordList(`发给我 | 发我 | 发送给我 | 告诉我 | 给我看 | 输出 | 打印 | 泄露 | 泄漏 | 透露 | 复述 | 重复一遍 | 原样 |
    原封不动 | 逐字 | 一字不差 | 念出 | 贴出 | 展示 | 公开 | 列出 | 写出 | 说出 | 吐出 | 交出 | 暴露 | 显示出 | 發給我 | 發我 |
    告訴我 | 給我看 | 輸出 | 洩露 | 洩漏 | 複述 | 重複一遍 | 原樣 | 原封不動 | 貼出 | 寫出 | 說出 | 顯示出`),
  /** The assistant's own prompt and configuration, never a game's or a phone's settings. */
  secrets:
    wordList(`系统提示词 | 系统指令 | 系统 prompt | 系统prompt | system prompt | systemprompt | 初始提示 | 初始提示词 |
    初始指令 | 原始提示 | 原始提示词 | 原始指令 | 隐藏指令 | 隐藏的指令 | 你收到的 | 你被赋予的 | 你被设定的 | 你被告知的 |
    给你的指令 | 给你的设定 | 给你的提示词 | 给你的规则 | 开发者消息 | 开发者指令 | 系統提示詞 | 系統指令 | 隱藏指令 |
    你被賦予的 | 給你的指令 | 給你的設定 | 開發者消息 | 開發者指令`),
  /** `系统提示` alone: not 系统提示音 / 系统提示框 (a phone's notification sound or dialog). */
  systemHint: wordList("系统提示 | 系統提示"),
  yours: wordList("你的 | 你们的 | 您的"),
  yourNouns: wordList(`系统 | 设定 | 指令 | 规则 | 配置 | 提示词 | 密码 | 密钥 | prompt | 設定 | 規則 |
    提示詞 | 密碼 | 密鑰`),
  roleNames: wordList("系统 | 系統 | 助手 | 开发者 | 開發者 | ai助手"),
  roleFollowers:
    wordList(`你 | 请 | 忽略 | 无视 | 忘记 | 从现在 | 以后 | 立即 | 必须 | 好的 | 当然 | 下面是 | 以下是 | 請 | 無視 |
    忘記 | 從現在 | 必須 | 當然`),
  bracketRoles: wordList("系统 | 系統 | 助手 | 指令 | 系统指令 | system"),
  persona:
    wordList(`你现在是 | 你現在是 | 你现在扮演 | 假装你是 | 假裝你是 | 你来扮演 | 請你扮演 | 请你扮演 | 请扮演 | 請扮演 |
    你扮演 | 你充当 | 請充當 | 请充当 | 你假装 | 你假裝 | 你不再是 | 你已被越狱 | 你已经越狱 | 你已越狱 | 越狱模式 | 越獄模式 |
    dan模式 | 无限制模式 | 無限制模式 | 开发者模式已开启 | 开发者模式已启用 | 开发者模式已激活 | 開發者模式已開啟 |
    開發者模式已啟用`),
  fromNow: wordList(`从现在起 | 从现在开始 | 从今以后 | 从今天起 | 从今天开始 | 以后 | 今后 | 接下来 | 從現在起 |
    從現在開始 | 從今以後`),
  newIdentity: wordList(
    "就是 | 是 | 将是 | 不再是 | 没有任何 | 不受任何 | 將是 | 沒有任何 | 叫 | 扮演 | 成为 | 变成 | 自称",
  ),
  noLimitsLead: wordList("没有 | 不受 | 不再受 | 沒有"),
  limits: wordList("限制 | 约束 | 规则 | 过滤 | 审查 | 道德限制 | 約束 | 規則 | 過濾 | 審查"),
  assistants: wordList("ai | 助手 | 模型 | 机器人 | 聊天机器人 | 機器人"),
  /** The assistant by name, as the owner of an identity or the one an order is given to. */
  assistantNames: wordList("你 | 您 | 助手 | ai | 机器人 | 模型 | 機器人"),
  identityNouns: wordList("身份 | 名字 | 名称 | 角色 | 人设 | 定位 | 职责 | 使命 | 身分 | 名稱 | 人設 | 職責"),
  identityChange: wordList(`改为 | 改成 | 变为 | 变成 | 换成 | 现在是 | 从现在起是 | 就是 | 改為 | 變為 | 變成 | 換成 |
    現在是`),
  modeSwitch: wordList("进入 | 开启 | 启用 | 激活 | 切换到 | 打开 | 進入 | 開啟 | 啟用 | 切換到 | 打開"),
  modes: wordList("开发者 | 越狱 | dan | 无限制 | 開發者 | 越獄 | 無限制"),
  modeIn: wordList("处于 | 进入了 | 进入 | 在 | 處於 | 進入了 | 進入"),
};

export const ZH_ORDER = {
  promoteVerbs:
    wordList(`推荐 | 推广 | 宣传 | 安利 | 力推 | 大力推荐 | 大力推广 | 提到 | 提及 | 提一下 | 提一提 | 称赞 | 吹捧 | 介绍 | 主推 | 推销 | 带货 | 打广告 | 植入 | 推薦 | 推廣 | 宣傳 |
    推銷`),
  linkVerbs:
    wordList(`附上 | 加上 | 附带 | 插入 | 放上 | 贴上 | 带上 | 加入 | 附加 | 挂上 | 留下 | 写上 | 注明 | 加一句 | 加上一句 | 写一句 | 帶上 |
    貼上 | 附帶 | 掛上 | 寫上`),
  steerVerbs: wordList("引导 | 让 | 叫 | 劝 | 建议 | 鼓励 | 引導 | 讓 | 勸 | 建議 | 鼓勵"),
  audience: wordList("用户 | 客户 | 大家 | 所有人 | 每个人 | 他们 | 对方 | 用戶 | 客戶 | 每個人 | 他們"),
  steerTo: wordList(
    "购买 | 买 | 下载 | 注册 | 访问 | 投资 | 充值 | 加入 | 关注 | 点击 | 購買 | 買 | 下載 | 註冊 | 訪問",
  ),
  scope: wordList(`每次 | 每条 | 每个 | 每位 | 每一 | 所有 | 全部 | 一律 | 始终 | 总是 | 永远 | 以后 | 今后 | 从现在起 |
    从现在开始 | 无论 | 不管 | 任何 | 逢人 | 见人就 | 对谁都 | 大家 | 一直 | 每條 | 每個 | 一律 | 始終 | 總是 |
    永遠 | 今後 | 無論`),
  productNouns:
    wordList(`币 | 代币 | 理财 | 平台 | 网站 | 网址 | 链接 | 二维码 | 邀请码 | 推广码 | 优惠码 | 课程 | 会员 |
    产品 | 应用 | app | 商城 | 网店 | 店铺 | 公众号 | 贷 | 保健品 | 药 | 赌场 | 彩票 | 基金 | 股票 | 钱包 | 投资 | 幣 |
    網站 | 網址 | 鏈接 | 連結 | 課程 | 會員 | 產品 | 應用 | 貸 | 藥 | 賭場 | 錢包 | 投資`),
  linkNouns:
    wordList(`邀请码 | 推广码 | 优惠码 | 邀请链接 | 推广链接 | 返利链接 | 二维码 | 公众号 | 微信号 | 群号 | 邀請碼 |
    推廣碼 | 優惠碼 | 公眾號`),
  privilegedActions: wordList(`批准 | 通过 | 同意 | 办理 | 审批通过 | 放行 | 受理 | 核准 | 通過 | 辦理 | 審批通過`),
  quantified: wordList("所有 | 全部 | 一切 | 任何 | 每一笔 | 每笔 | 每个 | 每一个 | 每一筆 | 每筆 | 每個"),
  claims: wordList(`退款 | 退款申请 | 申请 | 请求 | 转账 | 提现 | 报销 | 订单 | 贷款 | 退款申請 | 申請 | 請求 | 轉賬 |
    提現 | 報銷 | 訂單 | 貸款`),
  unchecked: wordList("不用 | 不需 | 不需要 | 无需 | 不 | 免 | 無需"),
  checkVerbs: wordList("审核 | 审批 | 核实 | 检查 | 验证 | 审查 | 審核 | 審批 | 核實 | 檢查 | 驗證"),
  grantVerbs: wordList("开通 | 授予 | 给予 | 分配 | 赋予 | 开放 | 開通 | 給予 | 賦予 | 開放"),
  powers: wordList("管理员 | 最高 | 全部 | 超级 | root | 完全 | 所有 | 管理員 | 超級"),
  powerNouns: wordList("权限 | 访问权 | 權限 | 訪問權"),
  accounts: wordList("账户 | 账号 | 卡号 | 钱包 | 地址 | 帳戶 | 賬戶 | 帳號 | 賬號 | 錢包"),
  moneyVerbs: wordList("转账 | 汇款 | 打款 | 转 | 汇 | 打 | 轉賬 | 匯款 | 轉 | 匯"),
  moneyTo: wordList("到 | 给 | 至 | 进 | 給 | 進"),
  toward: wordList("向 | 给 | 往 | 給"),
  disableVerbs: wordList("关闭 | 关掉 | 跳过 | 绕过 | 取消 | 停用 | 禁用 | 關閉 | 關掉 | 跳過 | 繞過"),
  checkKinds: wordList("身份 | 实名 | 风控 | 安全 | 人脸 | 二次 | 双重 | 内容 | 實名 | 風控 | 人臉 | 雙重"),
  checks: wordList("验证 | 认证 | 审核 | 检查 | 校验 | 驗證 | 認證 | 審核 | 檢查 | 校驗"),
  waiveVerbs: wordList("免除 | 免掉 | 取消 | 退还 | 退還"),
  fees: wordList("费用 | 手续费 | 罚款 | 收费 | 費用 | 手續費 | 罰款 | 收費"),
  tellVerbs: wordList(
    `告诉 | 通知 | 提醒 | 警告 | 劝 | 忽悠 | 说服 | 告知 | 转告 | 私信 | 告訴 | 警告 | 勸 | 說服 | 轉告`,
  ),
  others:
    wordList(`每个用户 | 每位用户 | 所有用户 | 全部用户 | 任何用户 | 其他用户 | 其他所有用户 | 所有其他用户 | 每个客户 |
    每位客户 | 所有客户 | 任何客户 | 每位访客 | 每个访客 | 所有访客 | 所有人 | 每个人 | 任何人 | 任何来问的人 | 来问的人 |
    每個用戶 | 所有用戶 | 其他用戶 | 所有客戶 | 每個人`),
  follow:
    wordList(`照做 | 照办 | 照着做 | 照此执行 | 照此办理 | 按它说的做 | 按它办 | 按这句话做 | 按它执行 | 执行它 | 执行这条 |
    执行上面 | 遵照执行 | 遵照它 | 服从它 | 服从这条 | 照它说的 | 照辦 | 照此執行 | 按它說的做 | 執行它`),
  /** "最高优先级指令：", "置顶命令：", "本条指令优先于一切规则". */
  priorityHigh: wordList(
    "最高 | 最优先 | 顶级 | 绝对 | 至高 | 置顶 | 紧急 | 强制 | 最高級 | 頂級 | 絕對 | 置頂 | 緊急 | 強制",
  ),
  orderNouns: wordList("指令 | 命令 | 指示 | 规则 | 規則"),
  thisOrder: wordList("本条 | 这条 | 此条 | 该条 | 以下 | 下面 | 本條 | 這條 | 此條 | 該條"),
  outranks: wordList("优先于 | 高于 | 凌驾于 | 覆盖 | 取代 | 替代 | 優先於 | 高於 | 凌駕於 | 覆蓋"),
  outranked: wordList(`指令 | 规则 | 设定 | 提示词 | 限制 | 规定 | 指示 | 規則 | 設定 | 提示詞 | 規定`),
};
