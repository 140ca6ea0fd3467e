const UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** A byte count for people, base 1024: "0 Byte", "512 Bytes", "1.5 MB". The file list passes 0 decimals. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (bytes <= 0) return "0 Byte";
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** exponent).toFixed(decimals))} ${UNITS[exponent]}`;
}
