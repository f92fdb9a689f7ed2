/** "340 KB", "2.4 MB": a file's size as a person reads it. */
export function fileSizeText(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}
