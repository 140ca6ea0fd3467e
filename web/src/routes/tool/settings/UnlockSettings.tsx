import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { bindings } from "./bindings.js";
import type { SettingsProps } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

/** unlock-pdf and decrypt-pdf: the password, and what to keep or try. */
export function UnlockSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const options = bind.nested("unlockOptions");
  const t = useT("tool");
  return (
    <SettingsTabs
      tabs={[
        {
          label: t("tabs.basic"),
          content: bind.text("userPassword", t("unlock.password"), { type: "password", autoComplete: "current-password" }),
        },
        {
          label: t("tabs.advanced"),
          content: (
            <>
              {options.toggle("removeRestrictions", t("unlock.removeRestrictions"))}
              {options.toggle("preserveMetadata", t("unlock.preserveMetadata"))}
              {options.toggle("attemptRecovery", t("unlock.attemptRecovery"))}
              {options.toggle("forceDecode", t("unlock.forceDecode"))}
            </>
          ),
        },
      ]}
    />
  );
}
