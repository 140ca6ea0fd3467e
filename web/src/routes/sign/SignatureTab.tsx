import type { ToolDefinition } from "../../../../catalog/index.js";
import type { bindings } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { DrawPad } from "./DrawPad.js";
import { FilePicker } from "./FilePicker.js";
import { cssColor } from "./signature-colors.js";
import { FONT_NAMES, typedNameStyle } from "./signature-fonts.js";
import type { Stroke } from "./strokes.js";
import { useT } from "../../i18n/use-t.js";


export interface SignatureTabProps {
  tool: ToolDefinition;
  values: Values;
  setValues(patch: Values): void;
  bind: ReturnType<typeof bindings>;
  strokes: readonly Stroke[];
  setStrokes(strokes: Stroke[]): void;
}

/** The signature type decides which inputs show: the canvas, a typed name, an image, or a certificate. */
export function SignatureTab({ tool, values, setValues, bind, strokes, setStrokes }: SignatureTabProps) {
  const t = useT("tool");
  const kindsOf = (name: string) => tool.extraFiles?.find((f) => f.name === name)?.kinds ?? [];
  const type = values.signatureType;
  return (
    <>
      {bind.select("signatureType", t("sign.signature.type"), (type) => t(`sign.signature.types.${type}`))}
      {type === "draw" && <DrawPad strokes={strokes} color={cssColor(values.signatureColor)} onChange={setStrokes} />}
      {type === "type" && (
        <>
          {bind.text("typedName", t("sign.signature.name"), { autoComplete: "name" })}
          {bind.select("typedFont", t("sign.signature.font"), (f) => FONT_NAMES[f as keyof typeof FONT_NAMES] ?? String(f))}
          {bind.select("typedStyle", t("sign.signature.style"), (style) => t(`sign.signature.styles.${style}`))}
          <p
            data-testid="typed-preview"
            aria-label={t("sign.signature.preview")}
            className="min-h-16 overflow-hidden rounded-lg border border-slate-200 bg-white px-4 py-2 text-4xl dark:border-slate-700"
            style={{ color: cssColor(values.signatureColor) }}
          >
            <span style={typedNameStyle(values.typedFont, values.typedStyle)}>{String(values.typedName ?? "") || t("sign.signature.name")}</span>
          </p>
        </>
      )}
      {type === "image" && (
        <FilePicker label={t("sign.signature.image")} kinds={kindsOf("signatureImage")} file={values.signatureImage} onChange={(file) => setValues({ signatureImage: file })} />
      )}
      {type === "certificate" && (
        <>
          <FilePicker label={t("sign.signature.certificate")} kinds={kindsOf("certificateFile")} file={values.certificateFile} onChange={(file) => setValues({ certificateFile: file })} />
          {bind.text("certificatePassword", t("sign.signature.password"), { type: "password", autoComplete: "off" })}
          {bind.select(
            "certificateLevel",
            t("sign.signature.level"),
            (level) => t(`sign.signature.levels.${level}`),
            t("sign.signature.levelHint"),
          )}
        </>
      )}
    </>
  );
}
