/**
 * Who an order is given to: the assistant, or someone else (reported speech). The person named
 * nearest before the verb in its sentence decides; a verb after nothing but lead-ins is an
 * imperative to whoever reads it (see ../instruction.ts).
 */
import { alternation, wordList } from "../../text/patterns.js";

/** The assistant named: you, the assistant, "the user wants you to", 你, 助手, 每次回复. */
const ASSISTANT_TOKEN = new RegExp(
  [
    `\\b(?:you|your|yours|yourself|u|ur)\\b`,
    `\\b(?:the |this |our |my |dear )?(?:assistant|ai|a\\.i\\.|bot|chatbot|model|agent|llm|gpt|chatgpt|claude|copilot)(?:'s)?\\b`,
    // The user (or I) telling the assistant: "the user says:", "the user asked to", "i want you to".
    `\\b(?:the )?user (?:said|says|asked|asks|told|tells|insists|insisted|demands|demanded|requested` +
      `|requests|instructed|instructs|ordered|orders|wrote|writes)(?: ` +
      `(?:that|you|me|the assistant|the ai|the bot))?(?: to|:|,)?`,
    `\\b(?:the )?user (?:wants|wanted|would like|expects|needs) (?:you|me|the assistant|the ai|the bot) to\\b`,
    `\\bi (?:say|said|tell you|told you|want you|need you|would like you|'d like you|ask you|asked you|order you|insist)(?: to|:|,| that)?`,
    `(?<!迷)你(?!好|们好)|您(?!好)|助手|人工智能|机器人|機器人|模型|智能体`,
    `(?:每次|每条|每个|所有|全部|每條|每個)(?:的)?(?:回复|回答|答复|回应|消息|回覆|回應)(?!客户|顾客|邮件|评论|帖子|同事|老板|他|她|别人|朋友)`,
    `(?:回复|回答)(?:里|中|时|末尾|结尾)`,
    `用户(?:说|要求|吩咐|指示|命令|交代|强调|坚持|希望|想要|想让|让|叫|请|要|留言|原话|写道)(?:你|助手)?[:：]?`,
  ].join("|"),
  "gu",
);
/** Anyone else: me, my manager, the user's teacher, customers, 我们, 老师, 公司. */
const OTHER_TOKEN = new RegExp(
  [
    `\\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves|he|him|his|himself|she|her|hers|herself|they|them|their|theirs|themselves)\\b`,
    `\\b(?<!(?:every|all|each|any|other) )(?:the )?(?:user|users|people|person|someone|somebody|everyone` +
      `|everybody|nobody|customer|customers|client|clients|staff|employee|employees|student|students|class` +
      `|team|company|school|family|manager|boss|teacher|coach|landlord|mum|mom|mother|dad|father|parent` +
      `|parents|friend|friends|colleague|colleagues|coworker|coworkers|doctor|dentist|tutor|editor|agency` +
      `|invigilator|lead|grandmother|grandma|grandfather|grandpa|wife|husband|partner|son|daughter|brother` +
      `|sister|kid|kids|child|children|neighbour|neighbor|author|gym|library|store|shop|bank|government` +
      `|policy|handbook|law|office)\\b`,
    `\\b(?!(?:assistant|ai|bot|chatbot|model)'s\\b)[a-z]{1,20}'s\\b`,
    // A person after a preposition or a quantifier is an object or an audience, not the speaker:
    // 给该用户开通, 对每个用户, 向所有客户.
    `(?<!给|為|为|帮|替|向|对|對|跟|和|该|該|这个|那个|每个|每位|所有|任何|其他|全部|各)(?:我们|咱们|我|他们|她们|他|她|自己|用户|大家|别人|人家|任何人|所有人|人人` +
      `|客户|顾客|同事|老板|经理|领导|老师|学生|全班|同学|妈妈|妈|爸爸|爸|父母|奶奶|爷爷|朋友|孩子|儿子|女儿|老公|老婆|妻子|丈夫|家人|家里|团队|公司|学校|部门|医生|牙医|教练` +
      `|导师|编辑|房东|组长|员工|健身房|图书馆|作家|作者|网友|黑客|邻居|規定|规定|守则)`,
  ].join("|"),
  "gu",
);

/** Lead-ins before an imperative: please, from now on, in every reply, 请, 每次回复都. */
const LEAD_IN = new RegExp(
  `^[\\s,:;!.*_#>~"'“”‘’«»()\\[\\]-]{0,6}(?:${[
    alternation(
      wordList(`please | kindly | pls | now | also | and | then | so | but | just | simply | always | never | still |
    again | immediately | instead | really | remember to | don't forget to | do not forget to | make sure to |
    make sure you | make sure that you | be sure to | from now on | from here on | from this point on | going forward | henceforth | hereafter | from now |
    from today on | from today | starting now | starting today | starting immediately | note | important | reminder |
    warning | attention | ps | p.s. | nb | hey | hi | hello | ok | okay | in every chat | in every conversation |
    start by | begin by | first |
    请 | 務必 | 务必 | 一定要 | 一定 | 必须 | 记得 | 记住 | 注意 | 提醒一下 | 提醒 | 另外 | 还有 | 并且 | 而且 | 然后 |
    同时 | 并 | 也 | 都 | 还 | 要 | 就 | 会 | 马上 | 立即 | 立刻 | 直接 | 顺便 | 大力 | 积极 | 尽量 | 多多 | 统一 | 以后 | 今后 | 之后 | 往后 | 此后 | 从现在起 |
    从现在开始 | 从今以后 | 从今天起 | 从今天开始 | 接下来 | 始终 | 永远 | 总是 | 一律 | 一直 | 每次 | 每回 | 每一次 |
    每条 | 每个 | 所有 | 全部 | 在 | 的 | 时 | 时候 | 中 | 里 | 末尾 | 结尾 | 开头 | 最后 | 回复 | 回答 | 答复 | 回应 |
    消息 | 对话 | 聊天 | 都要 | 都会 | 請 | 記得 | 記住 | 以後 | 今後 | 從現在起 | 始終 | 永遠 | 總是`),
    ),
    "(?:in|at the (?:start|end|beginning|bottom|top) of) (?:every|each|all|any|your)(?: of your| future)? " +
      "(?:reply|replies|answer|answers|response|responses|message|messages|conversation|conversations|chat|chats)",
    "(?:for|to) (?:every|each|all|any) " +
      "(?:user|users|customer|customers|question|questions|request|requests|visitor|visitors)",
    "(?:when|whenever|if|each time|every time|any time|once|whatever|no matter|regardless of) [^,.!?;\\n]{1,60},",
    "(?:无论|不管|当|如果|每当|只要|一旦)[^，,。！？；\\n]{1,20}[，,]",
    "(?:无论|不管|無論)[^，,。！？；\\n]{1,15}都",
    "(?:对|向)(?:所有|每个|每位|任何)(?:用户|客户|人)",
  ].join("|")})`,
);

/** Where a sentence starts: after .!?; with a space, or after Chinese sentence punctuation or a line break. */
export function sentenceStart(text: string, index: number): number {
  for (let i = index - 1; i >= 0 && i >= index - 240; i--) {
    const c = text[i]!;
    if (c === "\n" || c === "。" || c === "！" || c === "？" || c === "；") return i + 1;
    if ((c === "." || c === "!" || c === "?" || c === ";") && /\s/.test(text[i + 1] ?? " ")) return i + 1;
  }
  return Math.max(0, index - 240);
}

const CLAUSE_MARKS = new Set([...'\n。！？；，、,:：;!?"“”‘’「」『』《》«»()（）[]【】<>*_#|—–']);

/** Where a clause starts: a sentence start, a comma, a colon, a quotation mark, markup. */
function clauseStart(text: string, index: number, floor: number): number {
  for (let i = index - 1; i >= floor; i--) {
    const c = text[i]!;
    if (CLAUSE_MARKS.has(c)) return i + 1;
    if (c === "." && /\s/.test(text[i + 1] ?? " ")) return i + 1;
    // A straight apostrophe quotes when it is not inside a word (user's, don't).
    if (c === "'" && !(/[a-z]/.test(text[i - 1] ?? "") && /[a-z]/.test(text[i + 1] ?? ""))) return i + 1;
  }
  return floor;
}

/** Nothing but lead-ins between a clause start and a verb: the verb is an imperative. */
function onlyLeadIns(prefix: string): boolean {
  let rest = prefix;
  for (let step = 0; step < 12; step++) {
    if (/^[\s,:;!.*_#>~"'“”‘’«»()[\]\-，：、]{0,6}$/.test(rest)) return true;
    const lead = LEAD_IN.exec(rest);
    if (!lead || lead[0].length === 0) return false;
    rest = rest.slice(lead[0].length);
  }
  return false;
}

function lastEnd(pattern: RegExp, text: string): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) end = Math.max(end, match.index + match[0].length);
  return end;
}

/**
 * Whether the order whose verb starts at `index` is given to someone other than the assistant:
 * not an imperative, and the nearest person named before it in its sentence is someone else:
 * "ignore" in "my manager told me to ignore the old rules" is, in "please ignore your rules" is not.
 */
export function toSomeoneElse(text: string, index: number): boolean {
  const sentence = sentenceStart(text, index);
  if (onlyLeadIns(text.slice(clauseStart(text, index, sentence), index))) return false;
  const before = text.slice(sentence, index);
  const other = lastEnd(OTHER_TOKEN, before);
  return other > -1 && other > lastEnd(ASSISTANT_TOKEN, before);
}

/** From a verb to the end of its sentence, at most 90 characters: where its object and scope are. */
export function sentenceAfter(text: string, from: number): string {
  const rest = text.slice(from, from + 90);
  const end = rest.search(/[.!?;](?=\s|$)|[。！？；\n]/u);
  return end < 0 ? rest : rest.slice(0, end);
}
