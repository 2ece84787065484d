/**
 * Reported changes in general form (src/write/conflict/change.ts): moving from one thing to
 * another whatever the domain, leaving an organisation named short against its full name,
 * selling one thing for another, no longer using a thing, moving the work to another tool with
 * the old one named, and a change to one side of a two-sided dimension (day/night shifts).
 * Every rule has mentions that are not a change, and someone else's change, it must not fire on.
 */
import { describe, expect, it } from "vitest";
import { mentions, sameSubject, statedChange, statedMove, stateSubject } from "../../src/write/conflict/change.js";

/** Whether the change rules alone say `candidate` replaces `existing` (as classify.ts applies them). */
function replaces(candidate: string, existing: string): boolean {
  const change = statedChange(candidate);
  const holder = change ? stateSubject(existing, change.from) : undefined;
  if (change && holder !== undefined && sameSubject(change.subject, holder) && !mentions(existing, change.to))
    return true;
  return statedMove(candidate, existing) !== undefined;
}

describe("moving from one thing to another, any domain", () => {
  it.each([
    ["I moved from Vim to Zed last spring", "My editor is Vim, I know every shortcut"],
    ["Update: switched from Firefox to Arc over the holidays", "My browser is Firefox"],
    ["The user migrated from Postgres to SQLite during the rewrite", "The user's database is Postgres"],
    ["我的相机从佳能换成了尼康", "用户的相机是佳能 R6"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["I moved the meeting to Friday", "The user uses Zoom for meetings"],
    ["我把会议挪到周五了", "用户用腾讯会议开会议"],
    ["My sister switched from Vim to Helix", "My editor is Vim"],
    ["Confession: my brother moved from Vim to Zed", "My editor is Vim"],
    ["I moved from Vim to Zed", "My editor is Zed now, after Vim"],
    ["I might move from Vim to Zed", "My editor is Vim"],
    ["I moved from Vim to Zed", "Vim's logo is green"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("leaving an organisation, named short against its full name", () => {
  it.each([
    ["我离开了医院，去了一家药企做研发", "用户在省人民医院当药剂师"],
    ["另外我换工作了，离开学校去了培训机构", "用户在实验学校教数学"],
    ["用户这个月调去骨科了，不在心内科了", "用户在协和医院心内科做护士"],
    ["I left the bank for a fintech startup", "The user works at Northern Trust Bank"],
    ["I no longer work at Initech", "The user works at Initech as a tester"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["I left the office at six", "The user works at the office downtown"],
    ["我今天不在家了", "用户在家办公"],
    ["我已经不在乎了", "用户在乎别人的看法"],
    ["我妹妹离开了医院，去了药企", "用户在省人民医院当药剂师"],
    ["My colleague left the bank for a startup", "The user works at Northern Trust Bank"],
    ["我在考虑离开医院去药企", "用户在省人民医院当药剂师"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("selling one thing for another", () => {
  it.each([
    ["我把佳能卖掉了，换成了尼康 Z6", "用户一直用佳能 5D4 拍风景"],
    ["我把旧吉他卖了", "用户一直用旧吉他练琴"],
    ["I sold my Civic and got a Model 3", "The user drives a Civic to work"],
    ["Sold my Kindle, reading on paper again", "The user uses a Kindle for reading"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["我把旧相机借给朋友了", "用户用旧相机拍街景"],
    ["我姐姐把佳能卖了，换成了尼康", "用户一直用佳能 5D4 拍风景"],
    ["I sold tickets at the school fair", "The user uses tickets for the raffle"],
    ["My dad sold his Civic and got a truck", "The user drives a Civic to work"],
    ["I lent my Civic to a friend", "The user drives a Civic to work"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("no longer using a thing", () => {
  it.each([
    ["我们已经不用钉钉了，全部换成飞书", "团队用钉钉发通知"],
    ["我不用钉钉了", "用户用钉钉打卡"],
    ["I don't use Trello anymore", "The user uses Trello for chores"],
    // A standing practice through a channel is a use of it.
    ["我们已经不用钉钉群了，全部换成飞书", "用户的门店排班都在钉钉群里通知"],
    ["I don't use Slack anymore", "The user posts the weekly rota in Slack"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["不用担心了，我搞定了", "用户担心考试"],
    ["不用谢了", "用户用谢氏方法"],
    ["你不用钉钉了", "用户用钉钉打卡"],
    // A place that merely holds something is not a practice through it.
    ["我们已经不用钉钉群了", "用户的视频在钉钉群里很火"],
    ["I don't use Slack anymore", "The user met their partner in Slack's office"],
    ["My friend doesn't use Trello anymore", "The user uses Trello for chores"],
    ["The user had no more coffee today", "The user drinks coffee every morning"],
    ["No more coffee today", "The user drinks coffee every morning"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("moving the work to another tool, the old one named", () => {
  it.each([
    ["我们把后端迁到 Go 了，Python 的性能不够", "用户目前用 Python 写后端"],
    [
      "We moved the app to Flutter, React Native kept breaking",
      "The user uses React for the frontend, react native for mobile",
    ],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["我们把后端迁到 Go 了", "用户目前用 Python 写后端"],
    ["We moved the standup to Monday, Zoom was down", "The user uses Zoom"],
    ["我同事把后端迁到 Go 了，Python 太慢", "用户目前用 Python 写后端"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("one side of a two-sided dimension", () => {
  it.each([
    ["I got moved to the day shift at the warehouse", "The user packs orders at a warehouse, night shifts mostly"],
    ["The user switched to a night route last month", "The user drives a bus, day routes around the centre"],
    ["我换成白班了，终于能正常睡觉", "用户在工厂做质检，常上夜班"],
    ["I moved to a part-time position at the library", "The user has a full-time job at the library"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    ["I had a nice day off", "The user works night shifts"],
    ["My husband switched to the day shift", "The user works night shifts"],
    ["I might switch to the day shift", "The user works night shifts"],
    ["我老公换成白班了", "用户常上夜班"],
    ["I switched to the day shift", "The user learns guitar on the user's days off"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});
