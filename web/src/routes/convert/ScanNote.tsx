import { notAppliedTo } from "../../../../catalog/index.js";
import { Trans } from "react-i18next";
import { AppLink } from "../../components/layout/AppLink.js";
import { useT } from "../../i18n/use-t.js";

/**
 * What happens to scanned pages. Formats that rebuild a document read them with OCR first (a switch in their
 * options); the others draw pages as they are, so a scan's words stay pictures until OCR PDF adds text.
 */
export function ScanNote({ toolId }: { toolId: string }) {
  const t = useT("tool");
  if (!notAppliedTo(toolId).has("ocrEnabled")) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="scan-note">
        {t("convert.scanOcr", { option: t("convert.fields.ocrEnabled.label") })}
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="scan-note">
      <Trans
        t={t}
        i18nKey="convert.scanNoText"
        values={{ tool: t("tools:ocr-pdf.name") }}
        components={{ ocr: <AppLink href="/ocr-pdf" className="font-medium text-indigo-700 underline dark:text-indigo-300" /> }}
      />
    </p>
  );
}
