/** One CSV cell: lists joined with |, objects as JSON, quoted as RFC 4180 says, and formulas defused. */
export function csvCell(v: unknown): string {
  const s =
    v === null || v === undefined
      ? ""
      : Array.isArray(v)
        ? v.join("|")
        : typeof v === "object"
          ? JSON.stringify(v)
          : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV lines (CRLF), the first row being the header. */
export const csvLines = (rows: unknown[][]): string => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
