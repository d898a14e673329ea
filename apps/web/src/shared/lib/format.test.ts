import { describe, expect, it } from "vitest";
import {
  abbreviateNumber,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatDuration,
  formatPeriod,
  orPlaceholder,
  usageLevel,
  zoneLabel,
} from "./format";

describe("formatting", () => {
  it("abbreviates numbers with K, M and B", () => {
    expect(abbreviateNumber(999)).toBe("999");
    expect(abbreviateNumber(1234)).toBe("1.2K");
    expect(abbreviateNumber(5_600_000)).toBe("5.6M");
    expect(abbreviateNumber(7_000_000_000)).toBe("7B");
    expect(abbreviateNumber(null)).toBe("—");
  });

  it("writes durations with d, h, m and s", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(59)).toBe("59s");
    expect(formatDuration(61)).toBe("1m 1s");
    expect(formatDuration(3 * 3600 + 5 * 60 + 9)).toBe("3h 5m");
    expect(formatDuration(2 * 86400 + 3600)).toBe("2d 1h");
    expect(formatDuration(undefined)).toBe("—");
  });

  it("formats dates as the spec does", () => {
    expect(formatDateTime("2026-03-04T15:06:07")).toBe("04-03-2026, 3:06:07 pm");
    expect(formatDateTime("2026-03-04T15:06:07", "DD MMM YYYY, h.mm A")).toBe("04 Mar 2026, 3.06 PM");
    expect(formatDateTime("not a date")).toBe("—");
    expect(formatDateTime(new Date(2026, 10, 24, 21, 41, 52))).toBe("24-11-2026, 9:41:52 pm");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDate("2026-11-24T21:41:52")).toBe("24-11-2026");
  });

  it("adds the zone where times are compared with other systems', as the offset on that date", () => {
    const at = (iso: string) => {
      const minutes = -new Date(iso).getTimezoneOffset();
      const sign = minutes < 0 ? "-" : "+";
      const hm = Math.abs(minutes);
      const pad = (n: number) => String(n).padStart(2, "0");
      return minutes === 0 ? "UTC" : `UTC${sign}${pad(Math.floor(hm / 60))}:${pad(hm % 60)}`;
    };
    expect(zoneLabel("2026-01-15T12:00:00Z")).toBe(at("2026-01-15T12:00:00Z"));
    expect(zoneLabel("2026-07-15T12:00:00Z")).toBe(at("2026-07-15T12:00:00Z"));
    expect(formatDateTimeZoned("2026-03-04T15:06:07")).toBe(`04-03-2026, 3:06:07 pm ${at("2026-03-04T15:06:07")}`);
    expect(formatDateTimeZoned(null)).toBe("—");
  });

  it("writes a period with both ends, an open end as a placeholder, and nothing when neither is set", () => {
    expect(formatPeriod("2026-03-04T00:00:00", "2026-04-05T23:59:59")).toBe("04-03-2026 – 05-04-2026");
    expect(formatPeriod(null, "2026-04-05T23:59:59")).toBe("— – 05-04-2026");
    expect(formatPeriod(null, null)).toBeNull();
  });

  it("shows a placeholder for empty values", () => {
    expect(orPlaceholder("")).toBe("—");
    expect(orPlaceholder("  ")).toBe("—");
    expect(orPlaceholder(0)).toBe("0");
  });

  it("grades usage by the spec's thresholds", () => {
    expect(usageLevel(75)).toBe("success");
    expect(usageLevel(75.1)).toBe("warning");
    expect(usageLevel(90)).toBe("warning");
    expect(usageLevel(91)).toBe("error");
  });

  it("writes byte sizes", () => {
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(0)).toBe("0 B");
  });
});
