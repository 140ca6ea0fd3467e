/** Colour names the annotate and sign screens offer, and "#rrggbb", as red/green/blue fractions. */
const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#dc2626",
  green: "#16a34a",
  blue: "#2563eb",
  lightblue: "#93c5fd",
  yellow: "#facc15",
  orange: "#f97316",
  purple: "#9333ea",
  brown: "#92400e",
  grey: "#6b7280",
  gray: "#6b7280",
  pink: "#ec4899",
};

export function parseColor(text: string): [number, number, number] | undefined {
  const hex = NAMED[text.trim().toLowerCase()] ?? text.trim();
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) return undefined;
  const n = parseInt(match[1]!, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}
