import { useFileLifetime } from "../../lib/file-lifetime.js";
import { useT } from "../../i18n/use-t.js";
import { useOnDeviceTools } from "./info-words.js";
import { InfoLayout } from "./InfoLayout.js";

export default function SecurityPage() {
  const t = useT("info");
  const lifetime = useFileLifetime();
  const onDevice = useOnDeviceTools();
  return (
    <InfoLayout path="/security" intro={t("security.intro")}>
      <h2>{t("security.deviceTitle")}</h2>
      <p>{t("security.device", { tools: onDevice })}</p>
      <h2>{t("security.transitTitle")}</h2>
      <p>{t("security.transit")}</p>
      <h2>{t("security.serverTitle")}</h2>
      <ul>
        <li>{t("security.server.folder")}</li>
        <li>{t("security.server.deleted", { lifetime })}</li>
        <li>{t("security.server.links")}</li>
        <li>{t("security.server.checked")}</li>
      </ul>
      <h2>{t("security.protectTitle")}</h2>
      <p>{t("security.protect")}</p>
    </InfoLayout>
  );
}
