import type { ToolDefinition } from "../../../../catalog/index.js";
import type { bindings } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { DrawPad } from "./DrawPad.js";
import { FilePicker } from "./FilePicker.js";
import { cssColor } from "./signature-colors.js";
import { FONT_NAMES, STYLE_NAMES, typedNameStyle } from "./signature-fonts.js";
import type { Stroke } from "./strokes.js";

const TYPE_NAMES: Record<string, string> = {
  draw: "Draw",
  type: "Type",
  image: "Image",
  certificate: "Certificate (.pfx, .p12)",
};

const LEVEL_NAMES: Record<string, string> = {
  basic: "Basic",
  advanced: "Advanced",
  qualified: "Qualified",
};

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
  const kindsOf = (name: string) => tool.extraFiles?.find((f) => f.name === name)?.kinds ?? [];
  const type = values.signatureType;
  return (
    <>
      {bind.select("signatureType", "Signature type", (t) => TYPE_NAMES[String(t)] ?? String(t))}
      {type === "draw" && <DrawPad strokes={strokes} color={cssColor(values.signatureColor)} onChange={setStrokes} />}
      {type === "type" && (
        <>
          {bind.text("typedName", "Your name", { autoComplete: "name" })}
          {bind.select("typedFont", "Font", (f) => FONT_NAMES[f as keyof typeof FONT_NAMES] ?? String(f))}
          {bind.select("typedStyle", "Style", (s) => STYLE_NAMES[s as keyof typeof STYLE_NAMES] ?? String(s))}
          <p
            data-testid="typed-preview"
            aria-label="Typed signature preview"
            className="min-h-16 overflow-hidden rounded-lg border border-slate-200 bg-white px-4 py-2 text-4xl dark:border-slate-700"
            style={{ color: cssColor(values.signatureColor) }}
          >
            <span style={typedNameStyle(values.typedFont, values.typedStyle)}>{String(values.typedName ?? "") || "Your name"}</span>
          </p>
        </>
      )}
      {type === "image" && (
        <FilePicker label="Signature image" kinds={kindsOf("signatureImage")} file={values.signatureImage} onChange={(file) => setValues({ signatureImage: file })} />
      )}
      {type === "certificate" && (
        <>
          <FilePicker label="Certificate file" kinds={kindsOf("certificateFile")} file={values.certificateFile} onChange={(file) => setValues({ certificateFile: file })} />
          {bind.text("certificatePassword", "Certificate password", { type: "password", autoComplete: "off" })}
          {bind.select(
            "certificateLevel",
            "Certificate level",
            (l) => LEVEL_NAMES[String(l)] ?? String(l),
            "The reply says which signature attributes were added for the level you choose.",
          )}
        </>
      )}
    </>
  );
}
