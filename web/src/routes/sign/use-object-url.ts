import { useEffect, useState } from "react";

/** An object URL for a chosen file while it is shown, revoked when the file changes or the screen goes. */
export function useObjectUrl(file: unknown): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!(file instanceof File)) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
