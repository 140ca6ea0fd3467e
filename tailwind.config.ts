import type { Config } from "tailwindcss";

/**
 * Tailwind 3 (pure JavaScript): Tailwind 4's native engine ships per-platform packages that `npm ci` must find in
 * the registry for every platform. Dark mode follows the marker the theme provider puts on the page root.
 */
export default {
  content: ["web/index.html", "web/src/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: { extend: {} },
} satisfies Config;
