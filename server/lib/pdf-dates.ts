/**
 * Dates between the forms people type (ISO 8601), PDF's own ("D:20240501102030+02'00'") and XMP's (ISO 8601 with
 * its offset). A date without a time is midnight UTC; a time without an offset is UTC.
 */

export interface DateParts {
  /** "2024-05-01T10:20:30" */
  local: string;
  /** "Z" or "+02:00" */
  offset: string;
}

/** Reads a date checked by the catalogue ("2024-05-01", "2024-05-01T10:20", "2024-05-01 10:20:30+02:00"). */
export function readIsoDate(text: string): DateParts {
  const t = text.trim();
  const day = t.slice(0, 10);
  if (t.length === 10) return { local: `${day}T00:00:00`, offset: "Z" };
  let time = t.slice(11, 16);
  let rest = t.slice(16);
  if (rest.startsWith(":")) {
    time += rest.slice(0, 3);
    rest = rest.slice(3);
  } else time += ":00";
  return { local: `${day}T${time}`, offset: rest === "" ? "Z" : rest };
}

/** "D:20240501102030Z" or "D:20240501102030+02'00'". */
export function pdfDate({ local, offset }: DateParts): string {
  const digits = local.replace(/[-T:]/g, "");
  return `D:${digits}${offset === "Z" ? "Z" : `${offset.slice(0, 3)}'${offset.slice(4, 6)}'`}`;
}

/** "2024-05-01T10:20:30Z" or "2024-05-01T10:20:30+02:00". */
export function xmpDate({ local, offset }: DateParts): string {
  return `${local}${offset}`;
}

/** A PDF date as XMP writes it, or undefined where it cannot be read (producers write many broken dates). */
export function xmpFromPdfDate(value: string): string | undefined {
  const s = value.startsWith("D:") ? value.slice(2) : value;
  if (s.length < 4) return undefined;
  for (let i = 0; i < Math.min(s.length, 14); i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return undefined;
  const part = (from: number, fallback: string) => (s.length >= from + 2 ? s.slice(from, from + 2) : fallback);
  const local = `${s.slice(0, 4)}-${part(4, "01")}-${part(6, "01")}T${part(8, "00")}:${part(10, "00")}:${part(12, "00")}`;
  const zone = s.slice(14);
  if (zone === "" || zone.startsWith("Z")) return `${local}Z`;
  if ((zone[0] === "+" || zone[0] === "-") && zone.length >= 3) {
    const minutes = zone.length >= 6 ? zone.slice(4, 6) : "00";
    return `${local}${zone.slice(0, 3)}:${minutes}`;
  }
  return `${local}Z`;
}
