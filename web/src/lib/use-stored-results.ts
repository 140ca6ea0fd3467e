import { useEffect, useState } from "react";
import type { ProcessReply } from "./jobs-api.js";
import { describeStoredResult, storedResultOf, type StoredResult } from "./stored-result.js";

/**
 * The files a reply hands on to another tool: its single result at once, or each of several outputs once their
 * names are known (none if any cannot be described, so that no output is silently left behind).
 */
export function useStoredResults(reply: ProcessReply): readonly StoredResult[] {
  const single = storedResultOf(reply);
  const [several, setSeveral] = useState<readonly StoredResult[]>([]);
  const ids = reply.fileIds?.join(",") ?? "";
  useEffect(() => {
    if (!ids) return;
    let current = true;
    void Promise.all(ids.split(",").map(describeStoredResult))
      .then((described) => {
        if (current && described.every((r) => r !== undefined)) setSeveral(described as StoredResult[]);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ids]);
  return single ? [single] : several;
}
