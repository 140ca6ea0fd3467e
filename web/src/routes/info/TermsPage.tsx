import { Trans } from "react-i18next";
import { MAX_FILE_BYTES, MAX_FILES } from "../../../../catalog/file-kinds.js";
import { AppLink } from "../../components/layout/AppLink.js";
import { useT } from "../../i18n/use-t.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { useLastUpdated } from "./info-words.js";
import { InfoLayout } from "./InfoLayout.js";

export default function TermsPage() {
  const t = useT("info");
  const lifetime = useFileLifetime();
  return (
    <InfoLayout path="/terms-of-service" intro={useLastUpdated()}>
      <h2>{t("terms.useTitle")}</h2>
      <p>{t("terms.use")}</p>
      <h2>{t("terms.contentTitle")}</h2>
      <p>{t("terms.content")}</p>
      <h2>{t("terms.limitsTitle")}</h2>
      <ul>
        <li>{t("terms.limits.size", { size: formatBytes(MAX_FILE_BYTES) })}</li>
        <li>{t("terms.limits.files", { count: MAX_FILES, tool: t("tools:merge-pdf.name") })}</li>
        <li>{t("terms.limits.deleted", { lifetime })}</li>
      </ul>
      <h2>{t("terms.warrantyTitle")}</h2>
      <p>{t("terms.warranty")}</p>
      <p>
        <Trans t={t} i18nKey="terms.seeAlso" components={{ privacy: <AppLink href="/privacy-policy" /> }} />
      </p>
    </InfoLayout>
  );
}
