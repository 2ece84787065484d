/** The kinds of secret the redactor finds (see ../redact.ts), their placeholders and sensitivity. */
import type { Sensitivity } from "../schema.js";

export const REDACTION_TYPES = [
  "api_key",
  "password",
  "email",
  "id_cn",
  "bank_card",
  "iban",
  "ssn",
  "ip_address",
  "phone_cn",
  "phone",
  "address",
] as const;
export type RedactionType = (typeof REDACTION_TYPES)[number];

/** The placeholder each type is replaced by. Placeholders hold no digits, so later passes skip them. */
export const REDACTION_PLACEHOLDERS: Readonly<Record<RedactionType, string>> = {
  api_key: "[API_KEY]",
  password: "[PASSWORD]",
  email: "[EMAIL]",
  id_cn: "[ID_NUMBER]",
  bank_card: "[BANK_CARD]",
  iban: "[IBAN]",
  ssn: "[SSN]",
  ip_address: "[IP_ADDRESS]",
  phone_cn: "[PHONE]",
  phone: "[PHONE]",
  address: "[ADDRESS]",
};

/** Identity documents, money and credentials are high; contact details are medium (seed 000 "敏感隔离"). */
export const TYPE_SENSITIVITY: Readonly<Record<RedactionType, Sensitivity>> = {
  api_key: "high",
  password: "high",
  id_cn: "high",
  bank_card: "high",
  iban: "high",
  ssn: "high",
  email: "medium",
  ip_address: "medium",
  phone_cn: "medium",
  phone: "medium",
  address: "medium",
};

export interface RedactionFinding {
  type: RedactionType;
  placeholder: string;
}

export interface RedactionResult {
  text: string;
  findings: RedactionFinding[];
  sensitivity: Sensitivity;
}
