/**
 * A duration in words for sentences, above all how long files live (FILE_TTL_SECONDS): "files are deleted one hour
 * after upload". Shared by the server's texts and the web app, which reads the seconds from /api/health.
 */

const UNITS: ReadonlyArray<[seconds: number, name: string]> = [
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/** 3600 gives "one hour", 1800 "30 minutes", 7200 "2 hours", 90 "90 seconds": the largest unit that divides it. */
export function lifetimeInWords(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  const [size, name] = UNITS.find(([unit]) => whole % unit === 0)!;
  const count = whole / size;
  return count === 1 ? `one ${name}` : `${count} ${name}s`;
}

export const DEFAULT_FILE_TTL_SECONDS = 3600;
