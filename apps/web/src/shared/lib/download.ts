/** The time in a downloaded file's name: 20260304-150607 (UTC). */
export function fileStamp(at = new Date()): string {
  return at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** Hands `text` to the browser as a file named `name`. */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
