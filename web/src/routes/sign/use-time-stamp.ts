import { useQuery } from "@tanstack/react-query";

interface Health {
  features?: { timeStamp?: boolean };
}

/**
 * Whether this server can add time stamps: GET /api/health says so when a time-stamp authority is configured.
 * Until it answers, and when it does not say, the option counts as unavailable.
 */
export function useTimeStampAvailable(): boolean {
  const { data } = useQuery<Health>({ queryKey: ["/api/health"] });
  return data?.features?.timeStamp === true;
}
