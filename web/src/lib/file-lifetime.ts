import { useQuery } from "@tanstack/react-query";
import { DEFAULT_FILE_TTL_SECONDS, lifetimeInWords } from "../../../catalog/lifetime.js";

interface Health {
  fileTtlSeconds?: number;
}

/**
 * How long this server keeps files, in words ("one hour", "30 minutes"), from GET /api/health. Until it answers
 * (and in pages rendered at build time) the default lifetime is said, so the first render matches the built HTML.
 */
export function useFileLifetime(): string {
  const { data } = useQuery<Health>({ queryKey: ["/api/health"] });
  return lifetimeInWords(data?.fileTtlSeconds ?? DEFAULT_FILE_TTL_SECONDS);
}
