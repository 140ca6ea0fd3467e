import { SIGNATURE_COLORS } from "../../../../catalog/options/sign.js";
import { labelStyles } from "../../components/form/Field.js";
import { SliderField, ToggleField } from "../../components/form/fields.js";
import { Tooltip } from "../../components/ui/Tooltip.js";
import type { bindings } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { SIGNATURE_COLOR_HEX, cssColor } from "./signature-colors.js";

export interface AppearanceTabProps {
  values: Values;
  setValues(patch: Values): void;
  bind: ReturnType<typeof bindings>;
  timeStampAvailable: boolean;
}

const NEEDS_CERTIFICATE = "Applies to certificate signatures only.";

/** How the signature looks (colour, opacity, border, background, date, label, reason) and how it protects the file. */
export function AppearanceTab({ values, setValues, bind, timeStampAvailable }: AppearanceTabProps) {
  const certificate = values.signatureType === "certificate";
  const custom = !(SIGNATURE_COLORS as readonly string[]).includes(String(values.signatureColor));
  return (
    <>
      <fieldset>
        <legend className={labelStyles}>Colour</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {SIGNATURE_COLORS.map((name) => (
            <Tooltip key={name} label={name}>
              <button
                type="button"
                aria-label={name}
                aria-pressed={values.signatureColor === name}
                className="h-8 w-8 rounded-full ring-offset-2 aria-pressed:ring-2 aria-pressed:ring-indigo-600 dark:ring-offset-slate-900"
                style={{ backgroundColor: SIGNATURE_COLOR_HEX[name] }}
                onClick={() => setValues({ signatureColor: name })}
              />
            </Tooltip>
          ))}
          <label className="ms-2 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            Custom
            <input
              type="color"
              value={cssColor(values.signatureColor)}
              className={`h-8 w-10 rounded ${custom ? "ring-2 ring-indigo-600 ring-offset-2" : ""}`}
              onChange={(e) => setValues({ signatureColor: e.target.value })}
            />
          </label>
        </div>
      </fieldset>
      <SliderField
        label="Opacity"
        value={Math.round(Number(values.signatureOpacity) * 100)}
        min={10}
        max={100}
        unit="%"
        onChange={(percent) => setValues({ signatureOpacity: percent / 100 })}
      />
      {bind.toggle("signatureBorder", "Border", "A thin frame around the signature.")}
      {bind.toggle("signatureBackground", "Background", "A light tint of the colour behind the signature.")}
      {bind.toggle("signatureDate", "Show date", "Today's date under the signature.")}
      {bind.text("signatureLabel", "Label", {
        hint: String(values.signatureLabel ?? "").trim() ? "Shown before the signer's name." : "Left blank, the server's default label 'Signed by' is used.",
      })}
      {bind.text("signatureReason", "Reason", {
        hint: String(values.signatureReason ?? "").trim()
          ? "Shown under the signature, and recorded in a certificate signature."
          : "Left blank, the server's default reason 'I approve this document' is used.",
      })}
      {bind.toggle("visibleSignature", "Visible signature", certificate ? "Off: the certificate signs without a mark on the page." : "Only a certificate signature can be invisible.")}
      {bind.toggle(
        "lockPdfAfterSigning",
        "Lock PDF after signing",
        certificate ? "Certifies the document: any later change shows the signature as broken." : NEEDS_CERTIFICATE,
      )}
      <ToggleField
        label="Time stamp"
        checked={timeStampAvailable && values.timeStamp === true}
        disabled={!timeStampAvailable}
        hint={timeStampAvailable ? (certificate ? "A trusted time from the server's time-stamp authority." : NEEDS_CERTIFICATE) : "No time-stamp authority is configured on this server."}
        onChange={(on) => setValues({ timeStamp: on })}
      />
    </>
  );
}
