import { NOT_APPLICABLE } from "@console/contracts/constants";

/** Runs of whitespace (newlines, tabs) shown as one space. */
export const collapseWhitespace = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The query engine shows a failure where the time column says 'Not Applicable'. */
export const trinoStatus = (timeTaken: string | null | undefined): "success" | "failure" =>
  (timeTaken ?? "").includes(NOT_APPLICABLE) ? "failure" : "success";

/** Object-store execution time: nanoseconds to whole seconds, at least 1. */
export const minioSeconds = (ns: number | null | undefined): number | null =>
  ns === null || ns === undefined ? null : Math.max(1, Math.round(ns / 1e9));

/** Text of an HTML fragment, tags and entities removed. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  return collapseWhitespace(doc.body.textContent);
}

export const httpSuccess = (code: number | null | undefined) =>
  code !== null && code !== undefined && code >= 200 && code <= 299;

/** Seconds between two instants, or null while the run has not ended. */
export function secondsBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  return Math.round((Date.parse(end) - Date.parse(start)) / 1000);
}

/** 10.20.30.40 → 10.•••.•••.•••; IPv6 keeps its first group. */
export function maskIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  if (ip.includes(".") && !ip.includes(":")) {
    const [first] = ip.split(".");
    return `${first}.•••.•••.•••`;
  }
  const [first] = ip.split(":");
  return `${first}:••••:••••`;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC (date-time tabs) or the picked calendar day `YYYY-MM-DD`. */
export function apiDate(iso: string | null, withTime: boolean): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (withTime) return d.toISOString().slice(0, 19).replace("T", " ");
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
