import react from "@vitejs/plugin-react";
import tailwindcss from "tailwindcss";
import { defineConfig } from "vite";
import tailwindConfig from "./tailwind.config.js";
import { toolSummariesPlugin } from "./web/tool-summaries-plugin.js";

/** The web app: sources in web/, built into dist/web, which the Fastify server serves on the API's port. */
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), toolSummariesPlugin()],
  css: { postcss: { plugins: [tailwindcss(tailwindConfig)] } },
  // The device worker imports its engines as ES modules: MuPDF's waits for its WebAssembly at the top level.
  worker: { format: "es" },
  build: {
    target: "es2022",
    outDir: "../dist/web",
    emptyOutDir: true,
    // pdf.js is large and only organize-pdf and delete-pages need it; it stays in its own lazily loaded chunk.
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev:web` next to `npm run dev`: the API stays on the server's port.
    proxy: { "/api": "http://localhost:5000" },
  },
});
