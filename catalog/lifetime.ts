/**
 * A duration in words for sentences, above all how long files live (FILE_TTL_SECONDS): "files are deleted one hour
 * after upload". Shared by the server's texts and the web app, which reads the seconds from /api/health and says
 * it in the page's language from the same parts.
 */

export type DurationUnit = "day" | "hour" | "minute" | "second";

const UNITS: ReadonlyArray<[seconds: number, name: DurationUnit]> = [
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/** 3600 is one hour, 1800 thirty minutes, 90 ninety seconds: the largest unit that divides it, and how many. */
export function lifetimeParts(seconds: number): { unit: DurationUnit; count: number } {
  const whole = Math.max(1, Math.round(seconds));
  const [size, unit] = UNITS.find(([length]) => whole % length === 0)!;
  return { unit, count: whole / size };
}

/** 3600 gives "one hour", 1800 "30 minutes", 7200 "2 hours", 90 "90 seconds" (English). */
export function lifetimeInWords(seconds: number): string {
  const { unit, count } = lifetimeParts(seconds);
  return count === 1 ? `one ${unit}` : `${count} ${unit}s`;
}

export const DEFAULT_FILE_TTL_SECONDS = 3600;
