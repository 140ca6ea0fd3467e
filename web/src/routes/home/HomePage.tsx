import { useFileLifetime } from "../../lib/file-lifetime.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { Hero } from "./Hero.js";
import { HomeUpload } from "./HomeUpload.js";
import { FinalCallToAction, HomeTestimonials, HowItWorks, WhyChoose } from "./sections.js";
import { StatsStrip } from "./StatsStrip.js";
import { ToolGrid } from "./ToolGrid.js";

export function HomePage() {
  const lifetime = useFileLifetime();
  usePageMeta({
    title: "Free online PDF tools",
    description: `Merge, split, compress, convert, protect and unlock PDF files for free. No sign-up; files are deleted ${lifetime} after upload.`,
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
