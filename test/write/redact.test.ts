import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { redact } from "../../nodes/write/redact.js";
import { InvalidInputError } from "../../src/errors.js";
import { ibanValid, isValidChineseId, luhnValid } from "../../src/redact/checksums.js";
import { quoteValue, redactId, redactMessages, redactText, textSensitivity } from "../../src/redact.js";
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

describe("redactText: every kind of secret, in Chinese and English phrasings", () => {
  const cases: Array<[string, string, string]> = [
    // [input, expected text, type]
    ["call 138.1234.5678 now", "call [PHONE] now", "phone_cn"],
    ["call 138\u200b1234\u200b5678 now", "call [PHONE] now", "phone_cn"],
    ["\ufeff1\u200c38\u20601234\u200d5678", "[PHONE]", "phone_cn"],
    ["电话：8613812345678", "电话：[PHONE]", "phone_cn"],
    ["My ID number is 110101199003077578", "My ID number is [ID_NUMBER]", "id_cn"],
    ["我的身份证号是110101199003077578，记一下", "我的身份证号是[ID_NUMBER]，记一下", "id_cn"],
    ["身份证号码：110101 19900307 7578", "身份证号码：[ID_NUMBER]", "id_cn"],
    ["my ID card number: 11010519491231002X", "my ID card number: [ID_NUMBER]", "id_cn"],
    ["card number 4111 1111 1111 1112", "card number [BANK_CARD]", "bank_card"],
    ["卡号是6222021234567890123", "卡号是[BANK_CARD]", "bank_card"],
    ["银行卡：6222-0212-3456-7890", "银行卡：[BANK_CARD]", "bank_card"],
    ["My password for gmail is Hunter2!", "My password for gmail is [PASSWORD]", "password"],
    ["my password is still hunter2", "my password is still [PASSWORD]", "password"],
    ["The wifi password: s3cr3t-pass", "The wifi password: [PASSWORD]", "password"],
    ["PIN is 4321", "PIN is [PASSWORD]", "password"],
    ["my bank PIN: 987654", "my bank PIN: [PASSWORD]", "password"],
    ["支付密码是 135790", "支付密码是 [PASSWORD]", "password"],
    ["邮箱密码：Qwe!2345", "邮箱密码：[PASSWORD]", "password"],
    ["口令为 open-sesame", "口令为 [PASSWORD]", "password"],
    ["key sk_live_4eC39HqLyjWDarjtT1zdp7dc ok", "key [API_KEY] ok", "api_key"],
    ["rk_live_51Habcdefghij0123456789", "[API_KEY]", "api_key"],
    ["sk_test_abcdefghij0123456789", "[API_KEY]", "api_key"],
    ["sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123", "[API_KEY]", "api_key"],
    ["token ghs_abcdefghijklmnopqrstuvwxyz0123456789", "token [API_KEY]", "api_key"],
    ["slack xoxb-1234567890-abcdefghij", "slack [API_KEY]", "api_key"],
    ["AIzaSyA1234567890abcdefghijklmnopqrstuv", "[API_KEY]", "api_key"],
    [
      "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end",
      "jwt [API_KEY] end",
      "api_key",
    ],
    ["Authorization: Bearer abcdefghijklmnop1234567890", "Authorization: Bearer [API_KEY]", "api_key"],
    ["IBAN GB82 WEST 1234 5698 7654 32", "IBAN [IBAN]", "iban"],
    ["pay DE89370400440532013000 today", "pay [IBAN] today", "iban"],
    ["SSN 123-45-6789", "SSN [SSN]", "ssn"],
    ["his number is 123-45-6789.", "his number is [SSN].", "ssn"],
    ["my social security number is 123456789", "my social security number is [SSN]", "ssn"],
    ["my IP is 203.0.113.45", "my IP is [IP_ADDRESS]", "ip_address"],
    ["我的IP是 10.0.0.8", "我的IP是 [IP_ADDRESS]", "ip_address"],
    ["我家的公网IP地址：2001:db8::1", "我家的公网IP地址：[IP_ADDRESS]", "ip_address"],
  ];
  it.each(cases)("%s", (input, expected, type) => {
    const result = redactText(input);
    expect(result.text).toBe(expected);
    expect(result.findings.map((f) => f.type)).toEqual([type]);
  });

  it("checks IBANs with ISO 13616 mod 97", () => {
    expect(ibanValid("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(ibanValid("GB82 WEST 1234 5698 7654 33")).toBe(false);
    expect(redactText("ref GB82 WEST 1234 5698 7654 33").text).toBe("ref GB82 WEST 1234 5698 7654 33");
  });

  it("is idempotent: redacting redacted text changes nothing and finds nothing", () => {
    for (const [input] of cases) {
      const once = redactText(input).text;
      expect(redactText(once)).toEqual({ text: once, findings: [], sensitivity: "low" });
    }
  });

  it("leaves ordinary numbers alone: dates, times, prices, versions, years, order numbers, timestamps", () => {
    for (const text of [
      "2024-05-07 10:30 开会，2024/05/07 也行",
      "It costs $1,299.99 or ¥8,888.00, version 1.2.3, build 10.0.19045.3803",
      "我 1990 年出生，2008 年上大学，2024 年换工作",
      "订单号 4111111111111112，快递单号 SF1234567890123",
      "order 20240507123456789 shipped at 1715070000000",
      "the server at 1.1.1.1 answered; 192.168.1.1 is the router",
      "ID 110105194912310021 in the order list",
      "my password is wrong, the pin is loose",
      "room 1203, floor 12, 3 cats, 502 errors",
      "家庭👨‍👩‍👧出游",
    ]) {
      expect(redactText(text)).toEqual({ text, findings: [], sensitivity: "low" });
    }
  });

  it("strips invisible characters from all text, keeping emoji sequences", () => {
    expect(redactText("hel\u200blo wor\u2060ld\ufeff").text).toBe("hello world");
    expect(redactText("👩\u200d💻").text).toBe("👩\u200d💻");
  });
});

describe("redactId", () => {
  it("keeps an id without a secret and replaces one with a secret by a stable digest", () => {
    expect(redactId("msg-42")).toBe("msg-42");
    expect(redactId("9f1c2a7e-6b1d-4c55-9a0e-2d1f3c4b5a69")).toBe("9f1c2a7e-6b1d-4c55-9a0e-2d1f3c4b5a69");
    const hashed = redactId("call-13812345678");
    expect(hashed).toMatch(/^m-[a-p]{16}$/);
    expect(redactId("call-13812345678")).toBe(hashed);
    expect(redactId("call-13912345678")).not.toBe(hashed);
    expect(redactId(hashed)).toBe(hashed);
    expect(redactId("session a.b@example.com", "s")).toMatch(/^s-[a-p]{16}$/);
  });
});

describe("quoteValue", () => {
  it("quotes JSON-like, redacted, and cut with the original length", () => {
    expect(quoteValue("call me on 13812345678")).toBe('"call me on [PHONE]"');
    expect(quoteValue(42)).toBe("42");
    expect(quoteValue(undefined)).toBe("undefined");
    expect(quoteValue(null)).toBe("null");
    expect(quoteValue({ phone: "13812345678", "a.b@example.com": ["4111111111111111"] })).toBe(
      '{"phone":"[PHONE]","[EMAIL]":["[BANK_CARD]"]}',
    );
    const long = quoteValue("x".repeat(65536));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^"x+… \(65536 chars\)$/);
    expect(quoteValue(`${"x".repeat(200)} 13812345678`, 40)).not.toContain("1381");
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(quoteValue(cyclic)).toBe('{"a":1,"self":"[Circular]"}');
    expect(quoteValue(10n)).toBe("10n");
  });

  it("never shows part of a secret at the cut", () => {
    const value = `${"a".repeat(90)}13812345678`;
    expect(quoteValue(value, 100)).not.toMatch(/\d{3}/);
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

  it("redacts speaker names and replaces ids that hold a secret", () => {
    const { messages, findings } = redactMessages([
      {
        id: "call-13755556666",
        role: "user",
        content: "hi",
        at: "2024-05-07T10:00:00+08:00",
        name: "Carol 13755556666",
      },
      { id: "m2", role: "user", content: "ok", at: "2024-05-07T10:00:01+08:00", name: "Carol" },
    ]);
    expect(messages[0]!.name).toBe("Carol [PHONE]");
    expect(messages[0]!.id).toBe(redactId("call-13755556666"));
    expect(messages[0]!.id).toMatch(/^m-[a-p]{16}$/);
    expect(messages[1]).toMatchObject({ id: "m2", name: "Carol" });
    expect(findings.map((f) => f.messageId)).toEqual([messages[0]!.id, "m2"]);
    expect(JSON.stringify({ messages, findings })).not.toContain("5555");
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
    expect(() => prepareMessages([{ role: "alien", content: "x" }])).toThrow(/unknown role "alien"/);
  });
});
