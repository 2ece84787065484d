import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { redact } from "../../nodes/write/redact.js";
import { InvalidInputError } from "../../src/errors.js";
import { isValidChineseId, luhnValid, redactMessages, redactText, textSensitivity } from "../../src/redact.js";
import { prepareMessages } from "../../src/write/state.js";

const types = (text: string) => redactText(text).findings.map((f) => f.type);

describe("redactText", () => {
  it("replaces Chinese mobile numbers in every common format", () => {
    for (const phone of [
      "13812345678",
      "138 1234 5678",
      "138-1234-5678",
      "+86 138 1234 5678",
      "+8613812345678",
      "0086-13812345678",
    ]) {
      const result = redactText(`我的手机号是 ${phone}，有事打给我`);
      expect(result.text).toBe("我的手机号是 [PHONE]，有事打给我");
      expect(result.findings).toEqual([{ type: "phone_cn", placeholder: "[PHONE]" }]);
      expect(result.sensitivity).toBe("medium");
    }
    expect(redactText("编号 12812345678").text).toContain("12812345678"); // 12x is not a mobile prefix
  });

  it("replaces resident id numbers only when the GB 11643 check character is right", () => {
    expect(isValidChineseId("11010519491231002X")).toBe(true);
    expect(isValidChineseId("110105194912310021")).toBe(false);
    expect(redactText("身份证 11010519491231002X").text).toBe("身份证 [ID_NUMBER]");
    expect(redactText("身份证 11010519491231002x").text).toBe("身份证 [ID_NUMBER]");
    expect(redactText("身份证 11010519491231002X").sensitivity).toBe("high");
    expect(redactText("编号 110105194912310021").text).toBe("编号 110105194912310021");
  });

  it("replaces bank cards only when they pass Luhn, with or without separators", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(redactText("卡号 4111111111111111").text).toBe("卡号 [BANK_CARD]");
    expect(redactText("card 5500 0000 0000 0004 please").text).toBe("card [BANK_CARD] please");
    expect(redactText("amex 3782-822463-10005").text).toBe("amex [BANK_CARD]");
    expect(redactText("订单号 4111111111111112").text).toBe("订单号 4111111111111112");
    expect(types("卡号 4111 1111 1111 1111")).toEqual(["bank_card"]);
  });

  it("replaces e-mail addresses before phone numbers inside them", () => {
    expect(redactText("邮箱 13812345678@163.com").text).toBe("邮箱 [EMAIL]");
    expect(redactText("write to jane.doe+work@example.co.uk today").text).toBe("write to [EMAIL] today");
  });

  it("replaces recognisable street addresses in Chinese and English, keeping the verb before them", () => {
    expect(redactText("我住在北京市朝阳区建国路88号").text).toBe("我住在[ADDRESS]");
    expect(redactText("寄到上海市浦东新区世纪大道100号3号楼2单元501室，谢谢").text).toBe("寄到[ADDRESS]，谢谢");
    expect(redactText("I live at 123 Main Street, Apt 4B in Boston").text).toBe("I live at [ADDRESS] in Boston");
    expect(redactText("I have 3 cats in the way").text).toBe("I have 3 cats in the way");
    expect(redactText("我知道5号要开会").text).toBe("我知道5号要开会");
  });

  it("replaces API keys and passwords as high sensitivity", () => {
    const key = redactText("my key is sk-proj-abcdefghijklmnopqrstuvwxyz123456 ok");
    expect(key.text).toBe("my key is [API_KEY] ok");
    expect(key.sensitivity).toBe("high");
    expect(redactText("AWS AKIAIOSFODNN7EXAMPLE").text).toBe("AWS [API_KEY]");
    expect(redactText("密码是abc12345，别忘了").text).toBe("密码是[PASSWORD]，别忘了");
    expect(redactText("password: hunter2!").text).toBe("password: [PASSWORD]");
    expect(redactText("my password is wrong").findings).toEqual([]);
  });

  it("folds full-width digits so they cannot slip through", () => {
    expect(redactText("电话１３８１２３４５６７８").text).toBe("电话[PHONE]");
  });

  it("leaves ordinary text, dates and short numbers alone", () => {
    const text = "2024-05-07 我们团队有 8 个人，上周排查过一个 502，预算 12345678 元";
    expect(redactText(text)).toEqual({ text, findings: [], sensitivity: "low" });
  });

  it("reports every finding with the highest sensitivity and no raw value", () => {
    const result = redactText("手机 13812345678，邮箱 a@b.cn，卡 4111111111111111");
    expect(result.findings.map((f) => f.type).sort()).toEqual(["bank_card", "email", "phone_cn"]);
    expect(result.sensitivity).toBe("high");
    expect(JSON.stringify(result.findings)).not.toMatch(/\d{5}/);
  });
});

describe("textSensitivity", () => {
  it("reads sensitivity back from placeholders", () => {
    expect(textSensitivity("用户的邮箱是 [EMAIL]")).toBe("medium");
    expect(textSensitivity("用户的身份证号是 [ID_NUMBER]")).toBe("high");
    expect(textSensitivity("用户不吃香菜")).toBe("low");
  });
});

describe("redactMessages and the redact node", () => {
  it("redacts contents and keeps ids, roles, times and names", () => {
    const { messages, findings } = redactMessages([
      { id: "m1", role: "user", content: "我的手机号是 13812345678", at: "2024-05-07T10:00:00+08:00", name: "Li" },
      { id: "m2", role: "assistant", content: "好的", at: "2024-05-07T10:00:01+08:00" },
    ]);
    expect(messages[0]).toEqual({
      id: "m1",
      role: "user",
      content: "我的手机号是 [PHONE]",
      at: "2024-05-07T10:00:00+08:00",
      name: "Li",
    });
    expect(findings).toEqual([
      { messageId: "m1", findings: [{ type: "phone_cn", placeholder: "[PHONE]" }], sensitivity: "medium" },
      { messageId: "m2", findings: [], sensitivity: "low" },
    ]);
  });

  it("normalises raw input at the write input boundary, so no secret survives in any field", async () => {
    const messages = prepareMessages([
      new HumanMessage({
        content: "身份证 11010519491231002X，卡号 4111 1111 1111 1111，住在北京市朝阳区建国路88号",
        id: "h1",
      }),
      { role: "user", content: "email me at a.b@example.com or call 13812345678" },
    ]);
    const update = await redact({ messages }, {});
    const dump = JSON.stringify({ messages, update });
    for (const secret of ["11010519491231002X", "4111", "建国路88号", "a.b@example.com", "13812345678"])
      expect(dump).not.toContain(secret);
    expect(update.redactions).toEqual([
      { messageId: "h1", types: ["id_cn", "bank_card", "address"] },
      { messageId: messages[1]!.id, types: ["email", "phone_cn"] },
    ]);
  });

  it("rejects bad input before anything else runs", () => {
    expect(() => prepareMessages([])).toThrow(InvalidInputError);
    expect(() => prepareMessages([{ role: "alien", content: "x" }])).toThrow(/unknown role 'alien'/);
  });
});
