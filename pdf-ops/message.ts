import { LANGUAGE_TAGS, SENTENCE_SEPARATORS, type Locale } from "../catalog/locales.js";

/**
 * A sentence for visitors as a catalogue key with its values (catalog/messages/<locale>.json), so that it can be
 * said in the language of whoever reads it: errors in the request's language, a job's result message in the
 * language of the request that started it. It travels as plain JSON (through Redis, between server and worker).
 * Several sentences side by side (a result's notes) are an array; plain strings are said as they are.
 */
export interface Message {
  key: string;
  /**
   * Values to put in. A value that is itself a message (a tool's name) or several sentences is said in the same
   * language first; a list is said item by item and written as that language writes lists (the catalogue's
   * `{{name, list}}`: "a, b and c", "a, b et c", "a、b、c").
   */
  values?: Record<string, MessageValue>;
}

/** Items for a sentence to list (see `list`). */
export interface MessageList {
  list: ReadonlyArray<string | Message>;
}

export type MessageValue = string | number | Text | MessageList;

export type Text = string | Message | readonly Text[];

/**
 * What a tool says beside its result (and on the device): catalogue messages only, so that every word of it can be
 * said in the reader's language. "" is a note that is not there.
 */
export type Said = Message | "" | readonly Said[];

export function msg(key: string, values?: Record<string, MessageValue>): Message {
  return values ? { key, values } : { key };
}

/** Items to be written as a list in the sentence's language. */
export function list(items: ReadonlyArray<string | Message>): MessageList {
  return { list: items };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Message).key === "string";
}

function isList(value: unknown): value is MessageList {
  return typeof value === "object" && value !== null && Array.isArray((value as MessageList).list);
}

/**
 * How one catalogue message reads, given a lookup of keys (i18next's `t`, bound to a language) with the values
 * and i18next's options (formatParams).
 */
export type Lookup = (key: string, options: Record<string, unknown>) => string;

/** The catalogue's English is British: lists read "a, b and c". Other languages write lists as Intl does. */
const LIST_LANGUAGES: Partial<Record<Locale, string>> = { en: "en-GB" };

/**
 * `text` read with `lookup` in `locale`: a message by its key (values that are messages first), several joined as
 * that language puts sentences side by side.
 */
export function sayText(text: Text, lookup: Lookup, locale: Locale): string {
  if (typeof text === "string") return text;
  if (isMessage(text)) {
    const options: Record<string, unknown> = {};
    const formatParams: Record<string, { lng: string }> = {};
    for (const [name, value] of Object.entries(text.values ?? {})) {
      if (isList(value)) {
        options[name] = value.list.map((item) => sayText(item, lookup, locale));
        formatParams[name] = { lng: LIST_LANGUAGES[locale] ?? LANGUAGE_TAGS[locale] };
      } else options[name] = typeof value === "number" ? value : sayText(value, lookup, locale);
    }
    if (Object.keys(formatParams).length > 0) options.formatParams = formatParams;
    return lookup(text.key, options);
  }
  return (text as readonly Text[])
    .map((part) => sayText(part, lookup, locale))
    .filter((part) => part !== "")
    .join(SENTENCE_SEPARATORS[locale] ?? " ");
}

/**
 * Phrases one after the other, as that language separates the parts of a longer list ("a; b; c"), for parts that
 * may themselves hold commas ("" for none). A part may be an engine's own words (qpdf's findings), said as they are.
 */
export function series(parts: ReadonlyArray<Message | string>): Message | string {
  if (parts.length === 0) return "";
  return parts.slice(1).reduce<Message | string>((earlier, next) => msg("phrases.series", { earlier, next }), parts[0]!);
}

/** A tool's name in the reader's language (the catalogue's namespace "tools"), for sentences that name one. */
export function toolName(toolId: string): Message {
  return msg(`tools:${toolId}.name`);
}

/** "1 page", "3 pages" in the reader's language, for sentences that name a number of pages. */
export function countOfPages(count: number): Message {
  return msg("units.pages", { count });
}
