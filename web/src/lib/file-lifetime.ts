import { useQuery } from "@tanstack/react-query";
import { DEFAULT_FILE_TTL_SECONDS, lifetimeParts } from "../../../catalog/lifetime.js";
import { useT } from "../i18n/use-t.js";

interface Health {
  fileTtlSeconds?: number;
}

/**
 * How long this server keeps files, in words of the page's language ("one hour", "30 minutes"), from GET
 * /api/health. Until it answers (and in pages rendered at build time) the default lifetime is said, so the first
 * render matches the built HTML.
 */
export function useFileLifetime(): string {
  const { data } = useQuery<Health>({ queryKey: ["/api/health"] });
  const t = useT();
  const { unit, count } = lifetimeParts(data?.fileTtlSeconds ?? DEFAULT_FILE_TTL_SECONDS);
  return t(`lifetime.${unit}`, { count });
}
