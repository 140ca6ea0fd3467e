/**
 * A sentence for visitors as a catalogue key with its values (catalog/messages/<locale>.json), so that it can be
 * said in the language of whoever reads it: errors in the request's language, a job's result message in the
 * language of the request that started it. It travels as plain JSON (through Redis, between server and worker).
 * Several sentences side by side (a result's notes) are an array; plain strings are said as they are.
 */
export interface Message {
  key: string;
  /** Values to put in; a value that is itself a message (a tool's name) is said in the same language first. */
  values?: Record<string, string | number | Message>;
}

export type Text = string | Message | readonly Text[];

export function msg(key: string, values?: Record<string, string | number | Message>): Message {
  return values ? { key, values } : { key };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Message).key === "string";
}

/** How one catalogue message reads, given a lookup of keys with values (i18next's `t`, bound to a language). */
export type Lookup = (key: string, values: Record<string, string | number>) => string;

/**
 * `text` read with `lookup`: a message by its key (a value that is itself a message first), several joined with
 * `separator`, the way that language puts sentences side by side.
 */
export function sayText(text: Text, lookup: Lookup, separator: string): string {
  if (typeof text === "string") return text;
  if (isMessage(text)) {
    const values = Object.fromEntries(Object.entries(text.values ?? {}).map(([name, value]) => [name, isMessage(value) ? sayText(value, lookup, separator) : value]));
    return lookup(text.key, values);
  }
  return (text as readonly Text[])
    .map((part) => sayText(part, lookup, separator))
    .filter((part) => part !== "")
    .join(separator);
}
