import { ShieldCheck } from "lucide-react";
import { SECURITY_PRESETS, type SecurityPreset } from "../../../../../catalog/index.js";
import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { buttonStyles } from "../../../components/ui/styles.js";
import { toast } from "../../../lib/toast-store.js";
import { bindings } from "./bindings.js";
import { PasswordStrength } from "./PasswordStrength.js";
import type { SettingsProps, Values } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

/** The permissions in the order shown; each is worded in tool:protect.permissions. */
const PERMISSIONS = ["printing", "modifying", "copying", "annotating", "fillingForms", "contentAccessibility", "documentAssembly"] as const;

/** A preset replaces the encryption, permissions and advanced options; the passwords stay as typed. */
function presetValues(preset: SecurityPreset): Values {
  return {
    encryptionLevel: preset.encryptionLevel,
    encryptionAlgorithm: preset.encryptionAlgorithm,
    permissions: { ...preset.permissions },
    advancedOptions: { ...preset.advancedOptions },
  };
}

/** The security presets panel, with the spec's advice to set a strong password whatever the preset. */
export function SecurityPresets({ onApply }: { onApply(preset: SecurityPreset): void }) {
  const t = useT(["tool", "tools"]);
  return (
    <div>
      <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t("protect.presetAdvice")}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SECURITY_PRESETS.map((preset) => (
          <li key={preset.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h4 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <ShieldCheck className="h-4 w-4 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
              {t(`tools:securityPresets.${preset.id}.name`)}
            </h4>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`tools:securityPresets.${preset.id}.description`)}</p>
            <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => onApply(preset)}>
              {t("protect.apply", { name: t(`tools:securityPresets.${preset.id}.name`) })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** protect-pdf and encrypt-pdf: Basic Security, Advanced Options and Security Presets. */
export function ProtectSettings({ tool, values, setValues }: SettingsProps) {
  const t = useT(["tool", "tools"]);
  const bind = bindings(tool.options, values, setValues);
  const permissions = bind.nested("permissions");
  const advanced = bind.nested("advancedOptions");
  const applyPreset = (preset: SecurityPreset) => {
    setValues(presetValues(preset));
    const name = t(`tools:securityPresets.${preset.id}.name`);
    toast({ title: t("protect.presetApplied"), description: t("protect.presetSelected", { name }) });
  };
  return (
    <SettingsTabs
      tabs={[
        {
          label: t("protect.tabs.basic"),
          content: (
            <>
              <div>
                {bind.text("userPassword", t("protect.userPassword"), { type: "password", autoComplete: "new-password" })}
                <PasswordStrength password={String(values.userPassword ?? "")} />
              </div>
              {bind.text("ownerPassword", t("protect.ownerPassword"), {
                type: "password",
                autoComplete: "new-password",
                hint: t("protect.ownerPasswordHint"),
              })}
              <div className="grid gap-4 sm:grid-cols-2">
                {bind.select("encryptionLevel", t("protect.encryptionLevel"), (v) => t("protect.bits", { bits: v }))}
                {bind.select("encryptionAlgorithm", t("protect.algorithm"), (v) => String(v).toUpperCase())}
              </div>
            </>
          ),
        },
        {
          label: t("tabs.advanced"),
          content: (
            <>
              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{t("protect.permissionsTitle")}</legend>
                {PERMISSIONS.map((key) => (
                  <div key={key}>{permissions.toggle(key, t(`protect.permissions.${key}`))}</div>
                ))}
              </fieldset>
              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{t("protect.details")}</legend>
                {advanced.toggle("encryptMetadata", t("protect.encryptMetadata"))}
                {advanced.toggle("encryptAttachments", t("protect.encryptAttachments"))}
                {advanced.toggle("requireCertificate", t("protect.requireCertificate"), t("protect.requireCertificateHint"))}
                {advanced.toggle("digitalSignature", t("protect.digitalSignature"), t("protect.digitalSignatureHint"))}
                <div className="grid gap-4 sm:grid-cols-2">
                  {advanced.select("pdfVersion", t("protect.pdfVersion"))}
                  {advanced.number("expirationDays", t("protect.expirationDays"), t("protect.expirationDaysHint"))}
                </div>
              </fieldset>
            </>
          ),
        },
        { label: t("protect.tabs.presets"), content: <SecurityPresets onApply={applyPreset} /> },
      ]}
    />
  );
}
