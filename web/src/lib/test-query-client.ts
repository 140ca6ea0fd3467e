import { QueryClient } from "@tanstack/react-query";

/**
 * A query client for a screen's tests: the server's health reply as given, or (undefined) not come yet. jsdom
 * reaches no server, so no query fetches: one without data stays waiting, as it would for a slow reply, instead
 * of failing and logging at every mount, which can land after the test file has ended.
 */
export function testQueryClient(health?: unknown): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false, queryFn: () => new Promise<never>(() => undefined) } },
  });
  if (health !== undefined) client.setQueryData(["/api/health"], health);
  return client;
}
