import type { RedactionPreset } from "../../catalog/options/redact.js";
import { IBAN_LENGTHS, passesIbanCheck, passesLuhn } from "./check-digits.js";

/**
 * What each preset finds: an RE2 pattern for the shape (linear by construction), and a check of each candidate that
 * may shorten it (a card number followed by more digits) or turn it down (a date that looks like a phone number,
 * digits that fail their check). `accept` gets the page's text and the candidate's span and answers the span to
 * redact, or undefined.
 */
export interface PresetMatcher {
  pattern: string;
  accept(text: string, start: number, end: number): { start: number; end: number } | undefined;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isAlphanumeric = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9]$/.test(c);

/** Addresses as people write them; the top-level domain stops before a full stop that ends a sentence. */
const email: PresetMatcher = {
  pattern: String.raw`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,24}`,
  accept: (text, start, end) => (isAlphanumeric(text[end]) ? undefined : { start, end }),
};

/** A date such as 01.05.2024, 2024-05-01 or 5/1/24: as many digits as a phone number, never one. */
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

/**
 * International numbers (+ or 00 and a country code), national ones with a trunk 0, and North American ones
 * (NXX-NXX-XXXX), with spaces, dots, dashes, slashes and brackets between groups. A number of 7 to 15 digits
 * (E.164's most), written with a separator or an international prefix, so that a bare run of digits is not one,
 * nor the end of a longer grouped number.
 */
const phone: PresetMatcher = {
  pattern: [
    String.raw`(?:\+|00)[1-9][0-9]{0,3}(?:[ .\-/]?\(?[0-9]{1,5}\)?){1,7}`,
    String.raw`\(?0[0-9]{1,5}\)?(?:[ .\-/]?[0-9]{1,8}){1,5}`,
    String.raw`\(?[2-9][0-9]{2}\)?[ .\-]?[2-9][0-9]{2}[ .\-][0-9]{4}`,
  ].join("|"),
  accept(text, start, end) {
    const found = text.slice(start, end);
    let digits = 0;
    for (const c of found) if (isDigit(c)) digits++;
    if (digits < 7 || digits > 15) return undefined;
    if (isDigit(text[end]) || isAlphanumeric(text[start - 1])) return undefined;
    // Digits just before, across one separator: this is the tail of a longer number (an IBAN's, an account's).
    if (isDigit(text[start - 2]) && " .-/".includes(text[start - 1] ?? "x")) return undefined;
    const international = found.startsWith("+") || found.startsWith("00");
    if (!international && !/[ .\-/()]/.test(found)) return undefined;
    if (DATE_LIKE.test(found)) return undefined;
    return { start, end };
  },
};

/**
 * Two letters, two check digits and 11 to 30 more letters and digits, in groups or not; the longest stretch of the
 * country's IBAN length (or 15 to 34 where the country is not listed) that passes mod 97 is the IBAN.
 */
const iban: PresetMatcher = {
  pattern: String.raw`[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){11,30}`,
  accept(text, start, end) {
    if (isAlphanumeric(text[start - 1])) return undefined;
    // Where each character of the IBAN without spaces ends in the text.
    const ends: number[] = [];
    let compact = "";
    for (let i = start; i < end; i++) {
      if (text[i] === " ") continue;
      compact += text[i];
      ends.push(i + 1);
    }
    const known = IBAN_LENGTHS[compact.slice(0, 2)];
    const lengths = known ? [known] : Array.from({ length: 20 }, (_, i) => 34 - i);
    for (const length of lengths) {
      if (length > compact.length) continue;
      const stop = ends[length - 1]!;
      if (!isAlphanumeric(text[stop]) && passesIbanCheck(compact.slice(0, length))) return { start, end: stop };
    }
    return undefined;
  },
};

/**
 * 13 to 19 digits with single spaces or dashes between groups, of a card network (first digit 2 to 6) and passing
 * Luhn's check; a run followed by more digits in the same line of groups is tried at each group's end.
 */
const card: PresetMatcher = {
  pattern: String.raw`[0-9](?:[ \-]?[0-9]){12,18}`,
  accept(text, start, end) {
    if (isDigit(text[start - 1]) || !"23456".includes(text[start]!)) return undefined;
    let digits = "";
    const groupEnds: Array<[number, number]> = [];
    for (let i = start; i < end; i++) {
      if (!isDigit(text[i])) continue;
      digits += text[i];
      if (i + 1 === end || !isDigit(text[i + 1])) groupEnds.push([digits.length, i + 1]);
    }
    for (let g = groupEnds.length - 1; g >= 0; g--) {
      const [count, stop] = groupEnds[g]!;
      if (count < 13) break;
      if (!isDigit(text[stop]) && passesLuhn(digits.slice(0, count))) return { start, end: stop };
    }
    return undefined;
  },
};

export const PRESET_MATCHERS: Readonly<Record<RedactionPreset, PresetMatcher>> = { email, phone, iban, card };
