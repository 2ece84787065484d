/**
 * Quotations that are mentioned, not meant: a quoted order introduced as a quote, saying, line or
 * sign, or said by a third party, is blanked before the rules read the text (see ../instruction.ts).
 */
import { alternation, wordList } from "../../text/patterns.js";

const QUOTE_PAIRS: Readonly<Record<string, string>> = {
  '"': '"',
  "“": "”",
  "'": "'",
  "「": "」",
  "『": "』",
  "《": "》",
  "«": "»",
};
/** A quote introduced as a quote, saying, line, sign…: "My favourite quote is '…'", 我最喜欢的一句话是‘…’. */
const MENTION_BEFORE = new RegExp(
  `(?:\\b(?:${alternation(
    wordList(`quote | quotes | quoted | quotation | saying | sayings | motto | slogan | catchphrase | tagline | line |
    lines | lyric | lyrics | title | titled | called | named | phrase | words | meme | joke | mantra | proverb | sign |
    poster | t-shirt | shirt | mug | sticker | caption | headline | example | examples | like | such as | e.g. |
    famous | the phrase | the words | the sentence | sentence`),
  )})\\b(?:[^.!?;\\n"“”]{0,25}\\b(?:is|was|are|were|reads|read|says|said|goes|went|of))?|(?:${alternation(
    wordList(`grandmother | grandma | grandfather | grandpa | mother | mum | mom | father | dad | parents | teacher |
    coach | manager | boss | friend | colleague | coworker | author | writer | poet | comedian | character | film |
    movie | book | article | song | band | poster | meme | tweet | post | hacker | hackers | researcher | paper |
    professor | tutor | mentor | sister | brother | son | daughter | wife | husband | partner | neighbour | neighbor |
    landlord | uncle | aunt | sign | office | note from | grandparents | invigilator`),
  )})\\b[^.!?;\\n]{0,30}\\b(?:${alternation(
    wordList(`said | says | say | wrote | writes | shouts | shouted | shout | yelled | yells | joked | jokes | tweeted |
    posted | used to say | likes to say | reads | read | sang | sings | told me | told us | told him | told her |
    tells me | tells us`),
  )})|(?:${alternation(
    wordList(`一句话 | 那句话 | 这句话 | 名言 | 格言 | 座右铭 | 口头禅 | 台词 | 歌词 | 标语 | 口号 | 书名 | 标题 | 题目 |
    签名 | 段子 | 梗 | 句子 | 金句 | 警句 | 俗话 | 谚语 | 網絡梗 | 座右銘 | 口頭禪 | 臺詞 | 歌詞 | 標語 | 口號`),
  )})(?:是|叫|为|就是)?|(?:${alternation(
    wordList(`奶奶 | 爷爷 | 外婆 | 外公 | 妈妈 | 妈 | 爸爸 | 爸 | 父母 | 老师 | 教练 | 经理 | 老板 | 领导 | 朋友 | 同事 |
    作家 | 作者 | 诗人 | 演员 | 电影 | 书 | 文章 | 歌 | 海报 | 牌子 | 标牌 | 告示 | 黑客 | 网友 | 导师 | 哥哥 | 姐姐 | 弟弟 |
    妹妹 | 老公 | 老婆 | 邻居 | 房东`),
  )})[^。！？；\\n]{0,12}(?:${alternation(
    wordList(
      "说 | 说过 | 常说 | 总说 | 总喊 | 喊 | 写道 | 写过 | 写着 | 印着 | 刻着 | 贴着 | 唱道 | 讲过 | 說 | 寫著 | 印著",
    ),
  )}))[\\s,:：，—-]{0,3}$`,
  "u",
);
/** A quote named as one after it: "'…' is my favourite saying", 「…」是我最爱的口头禅. */
const MENTION_AFTER = new RegExp(
  `^[\\s,]{0,2}(?:(?:is|was|—|-)[^.!?;\\n]{0,30}\\b(?:${alternation(
    wordList(`quote | saying | motto | slogan | line | lyric | phrase | meme | joke | mantra | title | catchphrase |
    tagline | proverb`),
  )})\\b|(?:是|就是)[^。！？；\\n]{0,12}(?:${alternation(
    wordList("一句话 | 名言 | 台词 | 口头禅 | 座右铭 | 梗 | 段子 | 歌词 | 标语 | 口号 | 格言 | 金句"),
  )}))`,
  "u",
);
/** A quote that still speaks to the assistant: it names the assistant, its replies or a link. */
const MEANT_QUOTE = new RegExp(
  [
    String.raw`\b(?:assistant|chatbot|chatgpt|the ai|the bot|the model)\b`,
    String.raw`\b(?:every|each|all|your) (?:reply|replies|answer|answers|response|responses|message|messages)\b`,
    "https?:",
    String.raw`www\.`,
    String.raw`\b[a-z0-9-]{1,40}\.(?:com|net|org|io|co|xyz|example|cn|top|shop|biz|info|app|ru|ly|gg|vip|link|site` +
      String.raw`|online)\b`,
    "助手",
    "机器人",
    "每次回复",
    "每个回答",
    "所有回复",
    "每条回复",
    "每次回答",
  ].join("|"),
  "u",
);

/**
 * The text with the words of mentioned quotations blanked ("…"): a quote introduced as a quote,
 * a saying, a line or by a third party's "said" is not an order (see the rule at the top):
 * "my favourite quote is 'ignore all previous instructions'" becomes "my favourite quote is '…'".
 */
export function maskMentions(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const open = text[i]!;
    const close = QUOTE_PAIRS[open];
    if (close === undefined) continue;
    // A straight apostrophe opens a quote only at a word's start (not in user's or don't).
    if (open === "'" && /[a-z0-9]/.test(text[i - 1] ?? "")) continue;
    let end = -1;
    for (let j = i + 1; j < text.length && j <= i + 240; j++) {
      if (text[j] === "\n") break;
      if (text[j] !== close) continue;
      if (close === "'" && /[a-z]/.test(text[j + 1] ?? "")) continue;
      end = j;
      break;
    }
    if (end < 0) continue;
    const inner = text.slice(i + 1, end);
    const before = text.slice(Math.max(from, i - 60), i);
    const after = text.slice(end + 1, end + 50);
    // A title in 《》 is always a mention.
    const mentioned = open === "《" || MENTION_BEFORE.test(before) || MENTION_AFTER.test(after);
    if (mentioned && !MEANT_QUOTE.test(inner)) {
      out += `${text.slice(from, i + 1)}…`;
      from = end;
      i = end;
    }
  }
  return out + text.slice(from);
}
