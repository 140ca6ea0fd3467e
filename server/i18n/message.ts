/** Sentences as catalogue keys with values: shared with the browser, which says them too (see pdf-ops/message.ts). */
export * from "../../pdf-ops/message.js";
