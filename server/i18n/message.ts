/**
 * A sentence for visitors as a catalogue key with its values (server/locales/<locale>.json), so that it can be
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
