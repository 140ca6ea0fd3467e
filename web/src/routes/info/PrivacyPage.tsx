import { Trans } from "react-i18next";
import { AppLink } from "../../components/layout/AppLink.js";
import { useT } from "../../i18n/use-t.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { useLastUpdated, useOnDeviceTools } from "./info-words.js";
import { InfoLayout } from "./InfoLayout.js";

export default function PrivacyPage() {
  const t = useT("info");
  const lifetime = useFileLifetime();
  return (
    <InfoLayout path="/privacy-policy" intro={useLastUpdated()}>
      <h2>{t("privacy.filesTitle")}</h2>
      <p>{t("privacy.device", { tools: useOnDeviceTools() })}</p>
      <p>{t("privacy.server", { lifetime })}</p>
      <h2>{t("privacy.notTitle")}</h2>
      <ul>
        <li>{t("privacy.not.read")}</li>
        <li>{t("privacy.not.account")}</li>
        <li>{t("privacy.not.trackers")}</li>
      </ul>
      <h2>{t("privacy.storageTitle")}</h2>
      <p>{t("privacy.storage")}</p>
      <h2>{t("privacy.ageTitle")}</h2>
      <p>{t("privacy.age")}</p>
      <h2>{t("privacy.questionsTitle")}</h2>
      <p>
        <Trans t={t} i18nKey="privacy.questions" components={{ terms: <AppLink href="/terms-of-service" />, contact: <AppLink href="/contact" /> }} />
      </p>
    </InfoLayout>
  );
}
