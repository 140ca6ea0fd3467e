/** Generated at build time by web/tool-summaries-plugin.ts; typed where they are used. */
declare module "virtual:tool-summaries" {
  const summaries: readonly unknown[];
  export default summaries;
}
declare module "virtual:catalog-messages" {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module "virtual:i18n-gaps" {
  const locales: readonly string[];
  export default locales;
}
