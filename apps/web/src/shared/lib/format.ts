import dayjs from "dayjs";
import { USAGE_THRESHOLDS } from "@console/contracts/constants";

/** What an empty cell shows. */
export const PLACEHOLDER = "—";

/** Whether a cell's value shows nothing: null, undefined or blank text. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

export function orPlaceholder(value: unknown): string {
  if (value === null || value === undefined) return PLACEHOLDER;
  const s = String(value);
  return s.trim() === "" ? PLACEHOLDER : s;
}

/** 1234 → 1.2K, 5600000 → 5.6M, 7e9 → 7B (spec: K, M, B). */
export function abbreviateNumber(n: number | null | undefined, digits = 1): string {
  if (n === null || n === undefined || Number.isNaN(n)) return PLACEHOLDER;
  const abs = Math.abs(n);
  const fmt = (v: number, unit: string) => `${Number(v.toFixed(digits))}${unit}`;
  if (abs >= 1e9) return fmt(n / 1e9, "B");
  if (abs >= 1e6) return fmt(n / 1e6, "M");
  if (abs >= 1e3) return fmt(n / 1e3, "K");
  return String(Number(n.toFixed(digits)));
}

/** Seconds → "2d 3h", "4h 5m", "6m 7s", "8s" (spec: d, h, m, s). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds) || seconds < 0) return PLACEHOLDER;
  let s = Math.round(seconds);
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const parts: string[] = [];
  if (d) parts.push(`${d}d`);
  if (h) parts.push(`${h}h`);
  if (m && parts.length < 2) parts.push(`${m}m`);
  if ((s || parts.length === 0) && parts.length < 2) parts.push(`${s}s`);
  return parts.slice(0, 2).join(" ");
}

export const DATE_FORMAT = "DD-MM-YYYY";
export const DATE_TIME_FORMAT = "DD-MM-YYYY, h:mm:ss a";
export const SECRET_DATE_FORMAT = "DD MMM YYYY, h.mm A";

type DateInput = string | number | Date | null | undefined;

/** The console's one date formatter: every date on screen goes through it (spec: DD-MM-YYYY, h:mm:ss a). */
export function formatDateTime(value: DateInput, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === "") return PLACEHOLDER;
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : PLACEHOLDER;
}

/**
 * The browser's offset from UTC at `value` (now when not given): "UTC" or "UTC+01:00". Taken
 * per date, as summer time moves it.
 */
export function zoneLabel(value: DateInput = new Date()): string {
  const d = value === null || value === undefined || value === "" ? dayjs() : dayjs(value);
  const offset = (d.isValid() ? d : dayjs()).format("Z");
  return offset === "+00:00" ? "UTC" : `UTC${offset}`;
}

/**
 * The console's date and time with its zone, where times are compared with other systems' (audit
 * events, logs): "24-11-2026, 9:41:52 pm UTC+01:00".
 */
export function formatDateTimeZoned(value: DateInput): string {
  const text = formatDateTime(value);
  return text === PLACEHOLDER ? text : `${text} ${zoneLabel(value)}`;
}

export function formatDate(value: DateInput): string {
  return formatDateTime(value, DATE_FORMAT);
}

/** "04-03-2026 – 05-04-2026", a placeholder for an open end; null when neither end is set. */
export function formatPeriod(start: DateInput, end: DateInput): string | null {
  if (!start && !end) return null;
  return `${formatDate(start)} – ${formatDate(end)}`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return PLACEHOLDER;
  const units = ["B", "KB", "MB", "GB", "TB", "PB"];
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number(v.toFixed(1))} ${units[i]}`;
}

export type UsageLevel = "success" | "warning" | "error";

/** Above 90 % error, above 75 % warning, otherwise success (spec section 9). */
export function usageLevel(percent: number): UsageLevel {
  if (percent > USAGE_THRESHOLDS.error) return "error";
  if (percent > USAGE_THRESHOLDS.warning) return "warning";
  return "success";
}
