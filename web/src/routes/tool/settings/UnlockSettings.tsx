import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { bindings } from "./bindings.js";
import type { SettingsProps } from "./types.js";

/** unlock-pdf and decrypt-pdf: the password, and what to keep or try. */
export function UnlockSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const options = bind.nested("unlockOptions");
  return (
    <SettingsTabs
      tabs={[
        {
          label: "Basic Options",
          content: bind.text("userPassword", "Document password", { type: "password", autoComplete: "current-password" }),
        },
        {
          label: "Advanced Options",
          content: (
            <>
              {options.toggle("removeRestrictions", "Remove restrictions")}
              {options.toggle("preserveMetadata", "Preserve metadata")}
              {options.toggle("attemptRecovery", "Attempt recovery of damaged files")}
              {options.toggle("forceDecode", "Force decoding")}
            </>
          ),
        },
      ]}
    />
  );
}
