import { LANGUAGE_TAGS } from "../../../../catalog/locales.js";
import { onDeviceToolIds } from "../../../../catalog/on-device.js";
import { formatDate } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/use-t.js";

/** When the privacy policy and the terms last changed. */
const LAST_UPDATED = new Date(Date.UTC(2025, 3, 29));

/** The tools that run on the device, by name, as the page's language lists them ("A, B and C", "A、B、C"). */
export function useOnDeviceTools(): string {
  const t = useT();
  const locale = useLocale();
  const names = onDeviceToolIds().map((id) => t(`tools:${id}.name`));
  return new Intl.ListFormat(LANGUAGE_TAGS[locale], { type: "conjunction" }).format(names);
}

/** "Last updated April 29, 2025", the date as the page's language writes it. */
export function useLastUpdated(): string {
  const t = useT("info");
  const locale = useLocale();
  return t("lastUpdated", { date: formatDate(LAST_UPDATED, locale, { dateStyle: "long", timeZone: "UTC" }) });
}
