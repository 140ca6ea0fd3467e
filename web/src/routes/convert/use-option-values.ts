import { useCallback, useState } from "react";
import type { Values } from "../tool/settings/types.js";

/**
 * A screen's option values: `setValues` merges a patch (what the generated controls send), `replaceValues` sets
 * them whole (another format, or starting over).
 */
export function useOptionValues(initial: () => Values) {
  const [values, replaceValues] = useState<Values>(initial);
  const setValues = useCallback((patch: Values) => replaceValues((current) => ({ ...current, ...patch })), []);
  return { values, setValues, replaceValues };
}
