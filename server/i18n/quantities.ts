import { lifetimeParts } from "../../catalog/lifetime.js";
import { msg, type Message } from "./message.js";

/**
 * Sizes and durations as catalogue messages, so that each language writes its own numbers and units ("1.5 MB",
 * "1,5 Mo"; "one hour", "une heure").
 */

const KB = 1024;
const MB = 1024 * 1024;

/** A limit as round as it is: "2 MB", "1.5 MB", "64 KB". */
export function sizeLimit(bytes: number): Message {
  return bytes >= MB ? msg("units.limitMB", { value: Math.round((bytes / MB) * 10) / 10 }) : msg("units.limitKB", { value: Math.ceil(bytes / KB) });
}

/** 3600 seconds is "one hour", 1800 "30 minutes": the largest unit that divides it. */
export function duration(seconds: number): Message {
  const { unit, count } = lifetimeParts(seconds);
  return msg(`durations.${unit}`, { count });
}

/** A file's size as the reader's language writes it: "812 bytes", "14.2 KB", "3.40 MB" ("3,40 Mo"). */
export function fileSize(bytes: number): Message {
  if (bytes < KB) return msg("units.bytes", { count: bytes });
  if (bytes < MB) return msg("units.sizeKB", { value: Math.round((bytes / KB) * 10) / 10 });
  return msg("units.sizeMB", { value: Math.round((bytes / MB) * 100) / 100 });
}
