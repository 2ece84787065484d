import { describe, expect, it } from "vitest";
import {
  applyTimeMentions,
  clockOf,
  endOfDay,
  findTimeMentions,
  parseZhNumber,
} from "../../src/write/extract/dates.js";

// Tuesday 2024-05-07, 10:00 in Beijing.
const AT = "2024-05-07T10:00:00+08:00";
const resolve = (text: string, language: "zh" | "en", tense?: "past") =>
  applyTimeMentions(text, findTimeMentions(text, language, AT, tense));

describe("clockOf", () => {
  it("reads the calendar date in the message's own offset", () => {
    expect(clockOf(AT)).toEqual({ date: "2024-05-07", weekday: 2, offsetMinutes: 480 });
    // 01:00 in Beijing is still the previous day in UTC.
    expect(clockOf("2024-05-07T01:00:00+08:00").date).toBe("2024-05-07");
    expect(clockOf("2024-05-07T01:00:00Z").date).toBe("2024-05-07");
    expect(clockOf("2024-05-06T23:30:00-05:00")).toMatchObject({ date: "2024-05-06", offsetMinutes: -300 });
  });

  it("ends a due day in the same offset", () => {
    expect(endOfDay("2024-05-10", 480)).toBe("2024-05-10T23:59:59+08:00");
    expect(endOfDay("2024-05-10", 0)).toBe("2024-05-10T23:59:59Z");
    expect(endOfDay("2024-05-10", -330)).toBe("2024-05-10T23:59:59-05:30");
  });
});

describe("Chinese relative dates", () => {
  it.each([
    ["我昨天去了医院", "我在 2024-05-06 去了医院"],
    ["上周排查过一个 502", "在 2024-04-29 那一周排查过一个 502"],
    ["月底之前要提交报销", "2024-05-31 之前要提交报销"],
    ["下周五前交报告", "2024-05-17 前交报告"],
    ["我妹妹去年搬到了波士顿", "我妹妹在 2023年搬到了波士顿"],
    ["上个月我换了工作", "在 2024年4月我换了工作"],
    ["三天前去了杭州", "在 2024-05-04 去了杭州"],
    ["明天的会议", "2024-05-08 的会议"],
    ["从明天起不喝咖啡", "从 2024-05-08 起不喝咖啡"],
    ["这周末去爬山", "在 2024-05-11 那个周末去爬山"],
  ])("%s → %s", (text, expected) => {
    expect(resolve(text, "zh")).toBe(expected);
  });

  it("leaves habits and vague words alone", () => {
    expect(findTimeMentions("每周一开会", "zh", AT)).toEqual([]);
    expect(findTimeMentions("用户最近不吃苹果了", "zh", AT)).toEqual([]);
    expect(findTimeMentions("以后都用中文回复", "zh", AT)).toEqual([]);
    // A bare weekday or weekend with 常 or a liking is every one of them.
    expect(findTimeMentions("林晓雯周末常去钓鱼", "zh", AT)).toEqual([]);
    expect(findTimeMentions("他喜欢在周日下午弹吉他", "zh", AT)).toEqual([]);
    // Must not fire: 非常 / 正常 say nothing of how often; a plan for one day stays a date.
    expect(resolve("这周末非常忙", "zh")).toBe("在 2024-05-11 那个周末非常忙");
    expect(resolve("周六正常上班", "zh")).not.toBe("周六正常上班");
  });

  it("marks deadlines, directions and noun modifiers", () => {
    const [due] = findTimeMentions("月底之前要提交报销", "zh", AT);
    expect(due).toMatchObject({ deadline: true, direction: "future", last: "2024-05-31", modifier: false });
    const [week] = findTimeMentions("下周帮我看", "zh", AT);
    expect(week).toMatchObject({ granularity: "week", first: "2024-05-13", last: "2024-05-19", direction: "future" });
    expect(findTimeMentions("明天的天气", "zh", AT)[0]!.modifier).toBe(true);
  });

  it("parses Chinese numerals", () => {
    expect([
      parseZhNumber("八"),
      parseZhNumber("十二"),
      parseZhNumber("二十三"),
      parseZhNumber("两"),
      parseZhNumber("8"),
    ]).toEqual([8, 12, 23, 2, 8]);
  });
});

describe("English relative dates", () => {
  it.each([
    ["I went to a choir rehearsal yesterday", "I went to a choir rehearsal on 2024-05-06"],
    ["my sister moved to Boston last year", "my sister moved to Boston in 2023"],
    ["send the report by Friday", "send the report by 2024-05-10"],
    ["finish it by next week", "finish it by 2024-05-19"],
    ["by the end of the month", "by 2024-05-31"],
    ["two days ago I met her", "on 2024-05-05 I met her"],
    ["call mom tomorrow", "call mom on 2024-05-08"],
    ["we met last Friday", "we met on 2024-05-03"],
    ["visit Tokyo next month", "visit Tokyo in June 2024"],
    ["on May 20 we launch", "on May 20 we launch"],
  ])("%s → %s", (text, expected) => {
    expect(resolve(text, "en")).toBe(expected);
  });

  it("reads a bare weekday by tense: the last one in the past, the next one otherwise", () => {
    expect(resolve("I went hiking on Saturday", "en", "past")).toBe("I went hiking on 2024-05-04");
    expect(resolve("let's go hiking on Saturday", "en")).toBe("let's go hiking on 2024-05-11");
  });

  it("skips habits", () => {
    expect(findTimeMentions("every Monday we meet", "en", AT)).toEqual([]);
    expect(findTimeMentions("I go running on Mondays", "en", AT)).toEqual([]);
    expect(findTimeMentions("the class is on Tuesday evenings", "en", AT)).toEqual([]);
    expect(findTimeMentions("she likes to swim on Saturday", "en", AT)).toEqual([]);
    // Must not fire: one evening is a date.
    expect(resolve("let's meet on Tuesday evening", "en")).not.toBe("let's meet on Tuesday evening");
  });
});

describe("months and yearly days named without a year", () => {
  it.each([
    // Said in May 2024: the coming one, or the nearest one for a clause in the past.
    ["the baby is due in September", "the baby is due in September 2024"],
    ["classes start in January", "classes start in January 2025"],
    ["we're thinking next May", "we're thinking in May 2025"],
    ["I sold 300 postcards last December", "I sold 300 postcards in December 2023"],
    ["Sam proposed on Christmas Eve", "Sam proposed on 2023-12-24"],
    ["we went kayaking on the Fourth of July", "we went kayaking on 2024-07-04"],
  ])("%s → %s", (text, expected) => {
    expect(resolve(text, "en")).toBe(expected);
  });

  it("reads a month in a past clause as the nearest one, and leaves 'may' the verb and 'Christmas lights' alone", () => {
    expect(resolve("I went freelance in March", "en", "past")).toBe("I went freelance in March 2024");
    expect(resolve("I signed up for the race in June", "en", "past")).toBe("I signed up for the race in June 2024");
    expect(resolve("the trip was in November", "en", "past")).toBe("the trip was in November 2023");
    expect(findTimeMentions("I may go", "en", AT)).toEqual([]);
    expect(resolve("we saw the Christmas lights", "en")).toBe("we saw the Christmas lights");
  });

  it("reads a Chinese month the same way, and leaves a month with its year as written", () => {
    expect(resolve("婚礼在十月", "zh")).toBe("婚礼在 2024年10月");
    expect(resolve("我 2024年4月骑行了一次", "zh")).toBe("我 2024年4月骑行了一次");
    expect(resolve("我三月去了日本", "zh", "past")).toBe("我在 2024年3月去了日本");
  });
});
