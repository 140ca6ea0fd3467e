import type { OcrOptions } from "../../../../catalog/options/ocr.js";
import { ocrOptions } from "../../../../catalog/options/ocr.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { bindings, humanize } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { LanguagePicker } from "./LanguagePicker.js";
import { maxItems } from "./ocr-request.js";
import { noEffectNote, OUTPUT_NAMES } from "./output-formats.js";

const ACCURACY_NAMES: Record<string, string> = {
  low: "Low",
  medium: "Medium",
  high: "High: for uneven lighting and shadows",
};

const MAX_EXTRA_LANGUAGES = maxItems(ocrOptions, "multipleLanguages");

/** The OCR settings in the spec's four tabs; every control reads its choices and bounds from the catalogue. */
export function OcrSettings({ values, setValues }: { values: Values; setValues(patch: Values): void }) {
  const bind = bindings(ocrOptions, values, setValues);
  const output = values.outputFormat as OcrOptions["outputFormat"];
  // A setting that cannot act on the chosen output says so instead of its usual hint.
  const hint = (key: keyof OcrOptions, usual?: string) => noEffectNote(key, output) ?? usual;

  return (
    <SettingsTabs
      tabs={[
        {
          label: "General",
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
                "Accuracy",
                (a) => ACCURACY_NAMES[String(a)] ?? humanize(a),
                values.accuracy === "low" ? "Low runs the same recognition as medium: Tesseract has no faster mode worth its loss." : undefined,
              )}
            </>
          ),
        },
        {
          label: "Recognition",
          content: (
            <>
              {bind.toggle(
                "recognizeText",
                "Recognize text",
                values.recognizeText ? undefined : "Off: pages are only straightened and cleaned, so only the searchable PDF output can be made.",
              )}
              {bind.toggle("recognizeTables", "Recognize tables", hint("recognizeTables", "Each column of a line becomes its own cell."))}
              {bind.toggle(
                "recognizeImages",
                "Recognize text in images",
                values.recognizeImages ? undefined : "Text inside pictures is read anyway: Tesseract cannot tell pictures from text on a scan.",
              )}
              {bind.slider("confidenceThreshold", "Confidence threshold", "%")}
              {bind.toggle("forceOcr", "Recognize pages that already have text", "Otherwise such pages are kept exactly as they are.")}
            </>
          ),
        },
        {
          label: "Output",
          content: (
            <>
              {bind.select("outputFormat", "Output format", (f) => OUTPUT_NAMES[f as OcrOptions["outputFormat"]] ?? humanize(f))}
              {bind.toggle("includeFonts", "Include fonts", hint("includeFonts", "Embed the font the text is shown in."))}
              {bind.toggle("includeImages", "Include images", hint("includeImages", "Keep the scan, faded, under the text."))}
              {bind.toggle("preserveLayout", "Preserve layout", hint("preserveLayout", "Keep the lines of each paragraph; off, they flow."))}
              {bind.toggle("pdfA", "PDF/A for archiving", hint("pdfA", "Written as PDF/A-2b."))}
            </>
          ),
        },
        {
          label: "Advanced",
          content: (
            <>
              {bind.toggle("enhanceDocument", "Enhance document", "Clean specks and noise from the picture Tesseract reads.")}
              {bind.toggle("deskew", "Deskew", "Turn crooked pages straight, in the result too.")}
              {bind.number("dpi", "Resolution (dpi)", "72 to 600: for images that state none, and the least pages are read at.")}
              {bind.text("customModel", "Custom model", {
                hint: "The name of a Tesseract model installed on the server, such as frk. Leave blank for none.",
                placeholder: "e.g. frk",
              })}
            </>
          ),
        },
      ]}
    />
  );
}
