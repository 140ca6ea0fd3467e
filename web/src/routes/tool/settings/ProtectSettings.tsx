import { ShieldCheck } from "lucide-react";
import { SECURITY_PRESETS, type SecurityPreset } from "../../../../../catalog/index.js";
import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { buttonStyles } from "../../../components/ui/styles.js";
import { toast } from "../../../lib/toast-store.js";
import { bindings } from "./bindings.js";
import { PasswordStrength } from "./PasswordStrength.js";
import type { SettingsProps, Values } from "./types.js";

const PERMISSION_LABELS: ReadonlyArray<[string, string]> = [
  ["printing", "Allow printing"],
  ["modifying", "Allow modifying"],
  ["copying", "Allow copying text and images"],
  ["annotating", "Allow annotations"],
  ["fillingForms", "Allow filling forms"],
  ["contentAccessibility", "Allow access for screen readers"],
  ["documentAssembly", "Allow document assembly"],
];

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
  return (
    <div>
      <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        Whatever preset you choose, set a strong password: it is what keeps the document closed.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SECURITY_PRESETS.map((preset) => (
          <li key={preset.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h4 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <ShieldCheck className="h-4 w-4 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
              {preset.name}
            </h4>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{preset.description}</p>
            <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => onApply(preset)}>
              Apply {preset.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** protect-pdf and encrypt-pdf: Basic Security, Advanced Options and Security Presets. */
export function ProtectSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const permissions = bind.nested("permissions");
  const advanced = bind.nested("advancedOptions");
  const applyPreset = (preset: SecurityPreset) => {
    setValues(presetValues(preset));
    toast({ title: "Preset applied", description: `${preset.name} settings are now selected.` });
  };
  return (
    <SettingsTabs
      tabs={[
        {
          label: "Basic Security",
          content: (
            <>
              <div>
                {bind.text("userPassword", "Password to open the document", { type: "password", autoComplete: "new-password" })}
                <PasswordStrength password={String(values.userPassword ?? "")} />
              </div>
              {bind.text("ownerPassword", "Owner password (optional)", {
                type: "password",
                autoComplete: "new-password",
                hint: "Grants full access. If empty, the password above is used.",
              })}
              <div className="grid gap-4 sm:grid-cols-2">
                {bind.select("encryptionLevel", "Encryption level", (v) => `${v}-bit`)}
                {bind.select("encryptionAlgorithm", "Algorithm", (v) => String(v).toUpperCase())}
              </div>
            </>
          ),
        },
        {
          label: "Advanced Options",
          content: (
            <>
              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Permissions</legend>
                {PERMISSION_LABELS.map(([key, label]) => (
                  <div key={key}>{permissions.toggle(key, label)}</div>
                ))}
              </fieldset>
              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Encryption details</legend>
                {advanced.toggle("encryptMetadata", "Encrypt metadata")}
                {advanced.toggle("encryptAttachments", "Encrypt attachments")}
                {advanced.toggle("requireCertificate", "Require a certificate", "PDF passwords cannot demand a certificate; the result says so.")}
                {advanced.toggle("digitalSignature", "Digital signature", "Not applied by encryption; use Sign PDF. The result says so.")}
                <div className="grid gap-4 sm:grid-cols-2">
                  {advanced.select("pdfVersion", "PDF version")}
                  {advanced.number("expirationDays", "Expires after (days)", "0 means no expiry. PDF readers do not enforce expiry; the result says so.")}
                </div>
              </fieldset>
            </>
          ),
        },
        { label: "Security Presets", content: <SecurityPresets onApply={applyPreset} /> },
      ]}
    />
  );
}
