import type { OcrOptions } from "../../../../catalog/options/ocr.js";
import { ocrOptions } from "../../../../catalog/options/ocr.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { bindings } from "../tool/settings/bindings.js";
import { useT } from "../../i18n/use-t.js";
import type { Values } from "../tool/settings/types.js";
import { LanguagePicker } from "./LanguagePicker.js";
import { maxItems } from "./ocr-request.js";
import { noEffectNote, outputName } from "./output-formats.js";


const MAX_EXTRA_LANGUAGES = maxItems(ocrOptions, "multipleLanguages");

/** The OCR settings in the spec's four tabs; every control reads its choices and bounds from the catalogue. */
export function OcrSettings({ values, setValues }: { values: Values; setValues(patch: Values): void }) {
  const t = useT("tool");
  const bind = bindings(ocrOptions, values, setValues);
  const output = values.outputFormat as OcrOptions["outputFormat"];
  // A setting that cannot act on the chosen output says so instead of its usual hint.
  const hint = (key: keyof OcrOptions, usual?: string) => noEffectNote(key, output) ?? usual;

  return (
    <SettingsTabs
      tabs={[
        {
          label: t("ocr.tabs.general"),
          content: (
            <>
              <LanguagePicker
                primary={String(values.language)}
                extras={values.multipleLanguages as string[]}
                maxExtras={MAX_EXTRA_LANGUAGES}
                onChange={setValues}
              />
              {bind.select(
                "accuracy",
                t("ocr.accuracy"),
                (a) => t(`ocr.accuracyLevels.${a}`),
                values.accuracy === "low" ? t("ocr.accuracyLowHint") : undefined,
              )}
            </>
          ),
        },
        {
          label: t("ocr.tabs.recognition"),
          content: (
            <>
              {bind.toggle(
                "recognizeText",
                t("ocr.recognizeText"),
                values.recognizeText ? undefined : t("ocr.recognizeTextOff"),
              )}
              {bind.toggle("recognizeTables", t("ocr.recognizeTables"), hint("recognizeTables", t("ocr.recognizeTablesHint")))}
              {bind.toggle(
                "recognizeImages",
                t("ocr.recognizeImages"),
                values.recognizeImages ? undefined : t("ocr.recognizeImagesOff"),
              )}
              {bind.slider("confidenceThreshold", t("ocr.confidence"), "%")}
              {bind.toggle("forceOcr", t("ocr.forceOcr"), t("ocr.forceOcrHint"))}
            </>
          ),
        },
        {
          label: t("ocr.tabs.output"),
          content: (
            <>
              {bind.select("outputFormat", t("ocr.outputFormat"), outputName)}
              {bind.toggle("includeFonts", t("ocr.includeFonts"), hint("includeFonts", t("ocr.includeFontsHint")))}
              {bind.toggle("includeImages", t("ocr.includeImages"), hint("includeImages", t("ocr.includeImagesHint")))}
              {bind.toggle("preserveLayout", t("ocr.preserveLayout"), hint("preserveLayout", t("ocr.preserveLayoutHint")))}
              {bind.toggle("pdfA", t("ocr.pdfA"), hint("pdfA", t("ocr.pdfAHint")))}
            </>
          ),
        },
        {
          label: t("ocr.tabs.advanced"),
          content: (
            <>
              {bind.toggle("enhanceDocument", t("ocr.enhance"), t("ocr.enhanceHint"))}
              {bind.toggle("deskew", t("ocr.deskew"), t("ocr.deskewHint"))}
              {bind.number("dpi", t("ocr.dpi"), t("ocr.dpiHint"))}
              {bind.text("customModel", t("ocr.customModel"), { hint: t("ocr.customModelHint"), placeholder: t("ocr.customModelPlaceholder") })}
            </>
          ),
        },
      ]}
    />
  );
}
