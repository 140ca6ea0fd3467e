import type { SIGNATURE_COLORS } from "../../../../catalog/options/sign.js";

/**
 * The preset colours as the server draws them (pdf-ops/colors.ts), for the canvas, the swatches and the
 * preview; a test holds the two tables together.
 */
export const SIGNATURE_COLOR_HEX: Record<(typeof SIGNATURE_COLORS)[number], string> = {
  black: "#000000",
  blue: "#2563eb",
  green: "#16a34a",
  purple: "#9333ea",
  red: "#dc2626",
  orange: "#f97316",
  brown: "#92400e",
  grey: "#6b7280",
};

/** A preset name or "#rrggbb" as a CSS colour; anything else draws black, as the server does. */
export function cssColor(value: unknown): string {
  const text = String(value);
  if (text in SIGNATURE_COLOR_HEX) return SIGNATURE_COLOR_HEX[text as keyof typeof SIGNATURE_COLOR_HEX];
  return /^#[0-9a-fA-F]{6}$/.test(text) ? text : "#000000";
}
