import { Trans } from "react-i18next";
import { AppLink } from "../../components/layout/AppLink.js";
import { useT } from "../../i18n/use-t.js";
import { InfoLayout } from "./InfoLayout.js";

export default function AboutPage() {
  const t = useT("info");
  return (
    <InfoLayout path="/about-us" intro={t("about.intro")}>
      <h2>{t("about.whatTitle")}</h2>
      <p>{t("about.what")}</p>
      <h2>{t("about.whoTitle")}</h2>
      <p>{t("about.who")}</p>
      <h2>{t("about.openTitle")}</h2>
      <p>{t("about.open")}</p>
      <p>
        <Trans t={t} i18nKey="about.questions" components={{ contact: <AppLink href="/contact" /> }} />
      </p>
    </InfoLayout>
  );
}
