/**
 * What a table cell's text means in a spreadsheet: a number, a percentage, an amount of money or a date, with the
 * Excel number format that shows it as the PDF did ("1,234.50" → 1234.5 shown "#,##0.00"; "12,5 %" → 0.125 shown
 * "0.0%"; "€ 9" → 9 shown '"€"#,##0'; "15.03.2024" → a date shown "dd.mm.yyyy"), or nothing (text stays text).
 * Parsing walks the text once by hand, with anchored patterns only where they cannot backtrack: cells come from
 * uploaded PDFs.
 */

export interface TypedValue {
  value: number;
  /** An Excel number format code; "General" for plain numbers. */
  format: string;
  kind: "number" | "date";
}

/** How a table writes numbers and dates, read from all its cells (see readingOf). */
export interface CellReading {
  /** "1.234,5" rather than "1,234.5". */
  decimalComma: boolean;
  /** "03/04/2024" is 3 April rather than 4 March. */
  dayFirst: boolean;
}

const CURRENCY_SYMBOLS = new Set(["$", "€", "£", "¥", "₹", "₽", "₩", "₺", "₪"]);
const CURRENCY_CODES = new Set(["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "CZK"]);
/** Thousands separators besides the comma and the point: spaces (also no-break and thin) and the apostrophe. */
const GROUP_SPACES = new Set([" ", "\u00a0", "\u202f", "\u2009", "'", "’"]);
const MINUS = new Set(["-", "−", "–"]);

/** Strips a currency sign or code from either end; returns the rest and how to write the sign in a format. */
function currencyOf(text: string): { rest: string; prefix: string; suffix: string } {
  const first = text[0] ?? "";
  const last = text[text.length - 1] ?? "";
  if (CURRENCY_SYMBOLS.has(first)) return { rest: text.slice(1).trim(), prefix: `"${first}"`, suffix: "" };
  if (CURRENCY_SYMBOLS.has(last)) return { rest: text.slice(0, -1).trim(), prefix: "", suffix: `" ${last}"` };
  const head = text.slice(0, 3);
  const tail = text.slice(-3);
  if (CURRENCY_CODES.has(head) && text[3] === " ") return { rest: text.slice(4).trim(), prefix: `"${head} "`, suffix: "" };
  if (CURRENCY_CODES.has(tail) && text[text.length - 4] === " ") return { rest: text.slice(0, -4).trim(), prefix: "", suffix: `" ${tail}"` };
  return { rest: text, prefix: "", suffix: "" };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** Digits grouped by one separator in threes ("1,234,567"), with the first group of one to three digits. */
function groupedDigits(text: string, separator: (c: string) => boolean): string | undefined {
  const groups: string[] = [];
  let current = "";
  for (const c of text) {
    if (isDigit(c)) current += c;
    else if (separator(c) && current !== "") {
      groups.push(current);
      current = "";
    } else return undefined;
  }
  groups.push(current);
  if (groups.length < 2 || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)) return undefined;
  return groups.join("");
}

interface ParsedNumber {
  value: number;
  decimals: number;
  grouped: boolean;
}

/** An unsigned decimal number with optional thousands grouping, read by the table's convention. */
function unsignedNumber(text: string, reading: CellReading): ParsedNumber | undefined {
  if (text === "" || !isDigit(text[0])) return undefined;
  const decimalMark = reading.decimalComma ? "," : ".";
  const groupMark = reading.decimalComma ? "." : ",";
  const at = text.lastIndexOf(decimalMark);
  const whole = at >= 0 ? text.slice(0, at) : text;
  const fraction = at >= 0 ? text.slice(at + 1) : "";
  if (at >= 0 && (fraction === "" || ![...fraction].every(isDigit))) return undefined;
  let digits: string | undefined;
  let grouped = false;
  if ([...whole].every(isDigit)) digits = whole;
  else {
    digits = groupedDigits(whole, (c) => c === groupMark || GROUP_SPACES.has(c));
    grouped = digits !== undefined;
  }
  if (digits === undefined || digits === "") return undefined;
  return { value: Number(`${digits}.${fraction || "0"}`), decimals: fraction.length, grouped };
}

function numberFormat(n: ParsedNumber, percent: boolean): string {
  const base = `${n.grouped ? "#,##0" : "0"}${n.decimals > 0 ? `.${"0".repeat(Math.min(n.decimals, 10))}` : ""}`;
  return percent ? `${base}%` : base;
}

/** A number, percentage or amount of money: "1,234.50", "-3", "(3.00)", "12,5 %", "€ 1.299,00", "9 USD". */
export function parseAmount(raw: string, reading: CellReading): TypedValue | undefined {
  let text = raw.trim();
  if (text.length === 0 || text.length > 40) return undefined;
  let negative = false;
  if (text.startsWith("(") && text.endsWith(")")) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  const { rest, prefix, suffix } = currencyOf(text);
  text = rest;
  if (MINUS.has(text[0] ?? "")) {
    if (negative) return undefined;
    negative = true;
    text = text.slice(1).trim();
  } else if (text.startsWith("+")) text = text.slice(1).trim();
  let percent = false;
  if (text.endsWith("%")) {
    if (prefix || suffix) return undefined;
    percent = true;
    text = text.slice(0, -1).trim();
  }
  const n = unsignedNumber(text, reading);
  if (!n) return undefined;
  const value = (negative ? -n.value : n.value) / (percent ? 100 : 1);
  let format = numberFormat(n, percent);
  if (prefix || suffix) {
    // Money shows its cents even when a whole amount was written without them elsewhere in the column.
    format = `${prefix}${format}${suffix}`;
    if (negative && raw.trim().startsWith("(")) format = `${format};(${format})`;
  } else if (negative && raw.trim().startsWith("(")) format = `${format};(${format})`;
  else if (format === "0" || (!n.grouped && n.decimals === 0)) format = "General";
  return { value, format, kind: "number" };
}

/** Days since Excel's epoch (1899-12-30) for a valid calendar date. */
function serialDate(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 9999) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / 86_400_000 + 25_569;
}

/** The three numeric parts of a date and the separator between them, if the text is nothing else. */
function dateParts(text: string): { parts: string[]; separator: string } | undefined {
  const m = /^(\d{1,4})([-./])(\d{1,2})\2(\d{1,4})$/.exec(text.trim());
  if (!m) return undefined;
  return { parts: [m[1]!, m[3]!, m[4]!], separator: m[2]! };
}

/** A date: "2024-03-15", "15.03.2024", "15/03/2024" or "03/15/2024" (by the table's convention when both fit). */
export function parseDate(text: string, reading: CellReading): TypedValue | undefined {
  const found = dateParts(text);
  if (!found) return undefined;
  const [a, b, c] = found.parts as [string, string, string];
  const { separator } = found;
  if (a.length === 4 && b.length <= 2 && c.length <= 2) {
    const serial = serialDate(Number(a), Number(b), Number(c));
    return serial === undefined ? undefined : { value: serial, format: `yyyy${separator}mm${separator}dd`, kind: "date" };
  }
  if (c.length !== 4 || a.length > 2) return undefined;
  // Points are only ever day first; slashes and dashes follow the table unless a part over 12 says otherwise.
  const dayFirst = separator === "." || Number(a) > 12 || (Number(b) <= 12 && reading.dayFirst);
  const [day, month] = dayFirst ? [Number(a), Number(b)] : [Number(b), Number(a)];
  const serial = serialDate(Number(c), month, day);
  if (serial === undefined) return undefined;
  return { value: serial, format: dayFirst ? `dd${separator}mm${separator}yyyy` : `mm${separator}dd${separator}yyyy`, kind: "date" };
}

export function parseCell(text: string, reading: CellReading): TypedValue | undefined {
  return parseDate(text, reading) ?? parseAmount(text, reading);
}

/**
 * How a table writes its numbers and dates, from the cells that tell: "1.234,5" or "12,5" (a comma followed by
 * other than three digits) show a decimal comma, "1,234.5" or "12.5" a decimal point; "1,234" alone tells
 * nothing. Dates with a first part over 12 are day first, with a second part over 12 month first; with decimal
 * commas, day first is the rule.
 */
export function readingOf(texts: readonly string[]): CellReading {
  let comma = 0;
  let point = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const raw of texts) {
    const text = raw.trim();
    const date = dateParts(text);
    if (date) {
      const [a, b] = date.parts.map(Number) as [number, number];
      if (date.parts[0]!.length <= 2 && a > 12) dayFirst++;
      else if (date.parts[0]!.length <= 2 && b > 12) monthFirst++;
      continue;
    }
    const lastComma = text.lastIndexOf(",");
    const lastPoint = text.lastIndexOf(".");
    if (lastComma < 0 && lastPoint < 0) continue;
    const last = Math.max(lastComma, lastPoint);
    if (!isDigit(text[last - 1]) || !isDigit(text[last + 1])) continue;
    let after = 0;
    while (isDigit(text[last + 1 + after])) after++;
    const mark = last === lastComma ? "," : ".";
    const other = mark === "," ? lastPoint : lastComma;
    // Both marks: the last one is the decimal mark. One mark not followed by exactly three digits: decimal too.
    if (other >= 0 || after !== 3) {
      if (mark === ",") comma++;
      else point++;
    }
  }
  const decimalComma = comma > point;
  return { decimalComma, dayFirst: dayFirst > monthFirst || (dayFirst === monthFirst && decimalComma) };
}
