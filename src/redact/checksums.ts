/** Check digits that tell an id, a card or an IBAN from a random number of the same shape. */
import { wordList } from "../text/patterns.js";

/** IBAN length by country (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  wordList(`AD24 | AE23 | AL28 | AT20 | AZ28 | BA20 | BE16 | BG22 | BH22 | BR29 | CH21 | CR22 | CY28 | CZ24 | DE22 | DK18 |
    DO28 | EE20 | EG29 | ES24 | FI18 | FO18 | FR27 | GB22 | GE22 | GI23 | GL18 | GR27 | GT28 | HR21 | HU28 | IE22 | IL23 |
    IQ23 | IS26 | IT27 | JO30 | KW30 | KZ20 | LB28 | LC32 | LI21 | LT20 | LU20 | LV21 | MC27 | MD24 | ME22 | MK19 | MR27 |
    MT31 | MU30 | NL18 | NO15 | PK24 | PL28 | PS29 | PT25 | QA29 | RO24 | RS22 | SA24 | SC31 | SE24 | SI19 | SK24 | SM27 |
    ST25 | SV28 | TL23 | TN24 | TR26 | UA29 | VA22 | VG24 | XK20`).map((entry) => [
    entry.slice(0, 2),
    Number(entry.slice(2)),
  ]),
);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = "10X98765432";

/**
 * GB 11643-1999 check: the 18th character is `ID_CHECK_CHARS[Σ(digit × weight) mod 11]`.
 * @example isValidChineseId("11010519491231002X"); // true
 */
export function isValidChineseId(id: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11] === id[17]!.toUpperCase();
}

/**
 * Luhn (mod 10) check used by every major card network.
 * @example luhnValid("4111111111111111"); // true
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * ISO 13616 check: the country's length, and the number (first four characters moved to the
 * end, letters as 10–35) is 1 mod 97. Spaces are ignored.
 * @example ibanValid("GB82 WEST 1234 5698 7654 32"); // true
 */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact) || IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length)
    return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}
