import { Redis } from "ioredis";

/** Names shared by the API servers and the workers on one Redis. */
export const QUEUE_NAME = "jobs";
export const PREFIX = "pdf-toolbox";
/** Cancel requests are published here (the job id as the message) and kept under a key for a worker yet to start. */
export const CANCEL_CHANNEL = `${PREFIX}:cancel`;
export const cancelKey = (jobId: string) => `${PREFIX}:cancelled:${jobId}`;

/** BullMQ needs `maxRetriesPerRequest: null` on connections that block; it does no harm on the others. */
export function connect(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}
