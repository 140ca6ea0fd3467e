import { useQuery } from "@tanstack/react-query";

interface Health {
  ocrLanguages?: string[];
}

/**
 * The OCR languages this server has installed (GET /api/health lists them), or undefined until it answers or
 * when it does not say: the screen then offers the whole list and the server names any language it lacks.
 */
export function useInstalledOcrLanguages(): ReadonlySet<string> | undefined {
  const { data } = useQuery<Health>({ queryKey: ["/api/health"] });
  const list = data?.ocrLanguages;
  return Array.isArray(list) && list.length > 0 ? new Set(list) : undefined;
}
