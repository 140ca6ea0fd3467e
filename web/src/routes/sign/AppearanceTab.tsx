import { SIGNATURE_COLORS } from "../../../../catalog/options/sign.js";
import { labelStyles } from "../../components/form/Field.js";
import { SliderField, ToggleField } from "../../components/form/fields.js";
import { Tooltip } from "../../components/ui/Tooltip.js";
import type { bindings } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { SIGNATURE_COLOR_HEX, cssColor } from "./signature-colors.js";
import { useT } from "../../i18n/use-t.js";

export interface AppearanceTabProps {
  values: Values;
  setValues(patch: Values): void;
  bind: ReturnType<typeof bindings>;
  timeStampAvailable: boolean;
}

/** How the signature looks (colour, opacity, border, background, date, label, reason) and how it protects the file. */
export function AppearanceTab({ values, setValues, bind, timeStampAvailable }: AppearanceTabProps) {
  const t = useT("tool");
  const needsCertificate = t("sign.appearance.needsCertificate");
  const certificate = values.signatureType === "certificate";
  const custom = !(SIGNATURE_COLORS as readonly string[]).includes(String(values.signatureColor));
  return (
    <>
      <fieldset>
        <legend className={labelStyles}>{t("sign.appearance.colour")}</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {SIGNATURE_COLORS.map((name) => (
            <Tooltip key={name} label={t(`sign.colours.${name}`)}>
              <button
                type="button"
                aria-label={t(`sign.colours.${name}`)}
                aria-pressed={values.signatureColor === name}
                className="h-8 w-8 rounded-full ring-offset-2 aria-pressed:ring-2 aria-pressed:ring-indigo-600 dark:ring-offset-slate-900"
                style={{ backgroundColor: SIGNATURE_COLOR_HEX[name] }}
                onClick={() => setValues({ signatureColor: name })}
              />
            </Tooltip>
          ))}
          <label className="ms-2 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            {t("sign.appearance.custom")}
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
        label={t("sign.appearance.opacity")}
        value={Math.round(Number(values.signatureOpacity) * 100)}
        min={10}
        max={100}
        unit="%"
        onChange={(percent) => setValues({ signatureOpacity: percent / 100 })}
      />
      {bind.toggle("signatureBorder", t("sign.appearance.border"), t("sign.appearance.borderHint"))}
      {bind.toggle("signatureBackground", t("sign.appearance.background"), t("sign.appearance.backgroundHint"))}
      {bind.toggle("signatureDate", t("sign.appearance.date"), t("sign.appearance.dateHint"))}
      {bind.text("signatureLabel", t("sign.appearance.label"), {
        hint: String(values.signatureLabel ?? "").trim() ? t("sign.appearance.labelHint") : t("sign.appearance.labelDefault"),
      })}
      {bind.text("signatureReason", t("sign.appearance.reason"), {
        hint: String(values.signatureReason ?? "").trim() ? t("sign.appearance.reasonHint") : t("sign.appearance.reasonDefault"),
      })}
      {bind.toggle("visibleSignature", t("sign.appearance.visible"), certificate ? t("sign.appearance.visibleHint") : t("sign.appearance.visibleNeedsCertificate"))}
      {bind.toggle(
        "lockPdfAfterSigning",
        t("sign.appearance.lock"),
        certificate ? t("sign.appearance.lockHint") : needsCertificate,
      )}
      <ToggleField
        label={t("sign.appearance.timeStamp")}
        checked={timeStampAvailable && values.timeStamp === true}
        disabled={!timeStampAvailable}
        hint={timeStampAvailable ? (certificate ? t("sign.appearance.timeStampHint") : needsCertificate) : t("sign.appearance.noTimeStamp")}
        onChange={(on) => setValues({ timeStamp: on })}
      />
    </>
  );
}
