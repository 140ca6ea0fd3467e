/** Shared with the browser, whose tools say the same sentences (pdf-ops/quality-note.ts). */
export * from "../../pdf-ops/quality-note.js";
