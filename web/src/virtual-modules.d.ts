/** Generated at build time by web/tool-summaries-plugin.ts; typed where it is used (lib/tool-summaries.ts). */
declare module "virtual:tool-summaries" {
  const summaries: readonly unknown[];
  export default summaries;
}
