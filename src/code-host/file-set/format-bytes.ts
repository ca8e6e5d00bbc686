/**
 * A byte count as people write it in a note: "512 bytes", "64 KB", "1 MB", "1.5 MB".
 *
 * @example
 * formatBytes(1024 * 1024) // "1 MB"
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}
