/** Saves text as a file the browser downloads (CSV exports and reports). */
export function downloadText(text: string, filename: string, type = "text/csv"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
