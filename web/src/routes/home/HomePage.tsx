import { useFileLifetime } from "../../lib/file-lifetime.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { useT } from "../../i18n/use-t.js";
import { Hero } from "./Hero.js";
import { HomeUpload } from "./HomeUpload.js";
import { FinalCallToAction, HomeTestimonials, HowItWorks, WhyChoose } from "./sections.js";
import { StatsStrip } from "./StatsStrip.js";
import { ToolGrid } from "./ToolGrid.js";

export function HomePage() {
  const lifetime = useFileLifetime();
  const t = useT("home");
  usePageMeta({
    title: t("meta.title"),
    description: t("meta.description", { lifetime }),
    path: "/",
  });
  return (
    <>
      <Hero />
      <StatsStrip />
      <HomeUpload />
      <ToolGrid />
      <WhyChoose />
      <HowItWorks />
      <HomeTestimonials />
      <FinalCallToAction />
    </>
  );
}
