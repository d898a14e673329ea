import dayjs from "dayjs";
import { beforeAll, describe, expect, it } from "vitest";
import i18n, { loadTexts } from "../../i18n";
import { formatDateTime, zoneLabel } from "../../shared/lib/format";
import { COLUMNS } from "./columns";
import type { ColumnContext } from "./column-types";
import { assignmentsOf, describeClassificationChange, describePolicyChange } from "./changes";
import { apiDate, collapseWhitespace, httpSuccess, maskIp, minioSeconds, secondsBetween, trinoStatus } from "./derive";
import { NO_FILTERS, pageQuery, TABS, validateFilters } from "./tabs";

// The change sentences come from the audit texts, which load with the audit and policy screens.
beforeAll(() => loadTexts("audits"));

describe("audit derivations", () => {
  it("collapses whitespace, reads failures from the time text and rounds object-store seconds up to 1", () => {
    expect(collapseWhitespace("SELECT a,\n\t b  FROM t")).toBe("SELECT a, b FROM t");
    expect(trinoStatus("Not Applicable")).toBe("failure");
    expect(trinoStatus("1.250")).toBe("success");
    expect(minioSeconds(13_309_747)).toBe(1);
    expect(minioSeconds(2_600_000_000)).toBe(3);
    expect(minioSeconds(null)).toBeNull();
    expect([199, 200, 299, 300].map(httpSuccess)).toEqual([false, true, true, false]);
    expect(secondsBetween("2026-03-01T10:00:00Z", "2026-03-01T10:01:30Z")).toBe(90);
    expect(secondsBetween("2026-03-01T10:00:00Z", null)).toBeNull();
    expect(maskIp("10.20.30.40")).toBe("10.•••.•••.•••");
    expect(maskIp("fe80::1")).toBe("fe80:••••:••••");
    expect(apiDate("2026-03-02T11:30:05.000Z", true)).toBe("2026-03-02 11:30:05");
  });
});

describe("audit times", () => {
  it("show the console's date format with the zone, as they are matched against other systems' logs", () => {
    const context = { t: i18n.t, showIps: false, toggleIps: () => undefined, open: () => undefined } as ColumnContext;
    const column = COLUMNS["user-management-login"]![0]!(context);
    const at = "2026-03-02T11:30:05.000Z";
    const cell = (column.render as (v: unknown, row: Record<string, unknown>) => string)(undefined, { time: at });
    expect(cell).toBe(`${formatDateTime(at)} ${zoneLabel(at)}`);
    expect(cell).toMatch(/^\d{2}-\d{2}-\d{4}, \d{1,2}:\d{2}:\d{2} (am|pm) UTC([+-]\d{2}:\d{2})?$/);
  });
});

describe("audit filters", () => {
  const trino = (patch: Partial<typeof NO_FILTERS>) => validateFilters("presto-db-trino", { ...NO_FILTERS, ...patch });
  it("validates durations and dates as the spec says", () => {
    expect(trino({ minDuration: "5", maxDuration: "2" })).toBe("audit.execution.time.min.greater.than.max");
    expect(trino({ maxDuration: "3600.5" })).toBe("audit.execution.time");
    expect(trino({ minDuration: "1", maxDuration: "3600" })).toBeNull();
    // Durations do not apply to failed queries.
    expect(trino({ status: "failure", minDuration: "5", maxDuration: "2" })).toBeNull();
    expect(
      validateFilters("minio-minio", {
        ...NO_FILTERS,
        startDate: "2026-03-05T00:00:00Z",
        endDate: "2026-03-01T00:00:00Z",
      }),
    ).toBe("startDate.should.be.less.than.end.date");
  });

  it("pages by offset, by page number for admin events, and by offset and limit for the catalogue", () => {
    expect(pageQuery(TABS["presto-db-trino"]!, NO_FILTERS, 3, 10)).toMatchObject({ first: 30, max: 10 });
    expect(pageQuery(TABS["user-management-admin-events"]!, NO_FILTERS, 3, 10)).toMatchObject({ first: 3, max: 10 });
    expect(pageQuery(TABS["querybook-querybook"]!, NO_FILTERS, 2, 15)).toMatchObject({ offset: 30, limit: 15 });
    expect(
      pageQuery(TABS["minio-minio"]!, { ...NO_FILTERS, user: "id-1", searchQuery: " sales " }, 0, 10),
    ).toMatchObject({
      user: "id-1",
      bucket: "sales",
    });
    expect(
      pageQuery(
        TABS["presto-db-trino"]!,
        { ...NO_FILTERS, status: "failure", minDuration: "3", searchQuery: "al" },
        0,
        10,
      ),
    ).toMatchObject({ user: "al", status: "failure", minDuration: undefined });
  });
});

describe("change sets", () => {
  it("describes policy changes in sentences", () => {
    expect(describePolicyChange({ column: "assignToGroups", oldVal: "a|b", newVal: "b|c" })).toEqual([
      "Assigned groups: added c.",
      "Assigned groups: removed a.",
    ]);
    expect(
      describePolicyChange({ column: "tnc", oldVal: { startDate: "2026-01-01" }, newVal: { startDate: "2026-02-01" } }),
    ).toEqual(["Access start date: 01-01-2026 → 01-02-2026"]);
    expect(
      describePolicyChange({ column: "columnDetails.ssn", oldVal: null, newVal: { type: "predefine", mask: "hash" } }),
    ).toEqual(["Column mask on ssn (predefine): (none) → hash"]);
    expect(assignmentsOf([{ column: "assignToUsers", oldVal: "", newVal: ".*" }])).toEqual({
      users: ["all"],
      groups: [],
    });
  });

  it("shows dates in the console's format and approval statuses by their English names", () => {
    expect(describePolicyChange({ column: "approvalStatus", oldVal: "PENDING_APPROVAL", newVal: "APPROVED" })).toEqual([
      "Approval status: Pending Approval → Approved",
    ]);
    expect(describePolicyChange({ column: "approvalStatus", oldVal: "PENDING_APPROVAL", newVal: "REJECTED" })).toEqual([
      "Approval status: Pending Approval → Rejected",
    ]);
    // A period's ends are whole days, shown as the console shows days; other instants with their time.
    const start = dayjs("2026-03-04T00:00:00").toISOString();
    const end = dayjs("2026-04-05T23:59:59.999").toISOString();
    expect(
      describePolicyChange({
        column: "tnc",
        oldVal: { startDate: null, endDate: null },
        newVal: { startDate: start, endDate: end },
      }),
    ).toEqual(["Access start date: (none) → 04-03-2026", "Access end date: (none) → 05-04-2026"]);
    const at = dayjs("2026-03-04T15:06:07").toISOString();
    expect(describePolicyChange({ column: "reviewedAt", oldVal: null, newVal: at })).toEqual([
      "Reviewed at: (none) → 04-03-2026, 3:06:07 pm",
    ]);
  });

  it("flattens nested objects, stored as JSON text, into one sentence per leaf field", () => {
    const before = { name: "", extension: "+971", phoneNumber: "", email: "" };
    const after = { name: "Ops Team", extension: "+971", phoneNumber: "501234567", email: "" };
    expect(
      describePolicyChange({
        column: "tnc.contactDetails",
        oldVal: JSON.stringify(before),
        newVal: JSON.stringify(after),
      }),
    ).toEqual(["Contact name: (none) → Ops Team", "Contact phone number: (none) → 501234567"]);
    expect(
      describePolicyChange({
        column: "tnc",
        oldVal: { contactDetails: after, generalTerms: { prohibitedUses: "" } },
        newVal: { contactDetails: { ...after, email: "ops@example.com" }, generalTerms: { prohibitedUses: "Resale" } },
      }),
    ).toEqual(["Contact e-mail: (none) → ops@example.com", "Prohibited uses: (none) → Resale"]);
    // A field without a label of its own is still named in words, never as a path.
    expect(describePolicyChange({ column: "tnc", oldVal: { reviewNote: "a" }, newVal: { reviewNote: "b" } })).toEqual([
      "Review note: a → b",
    ]);
  });

  it("describes classification changes with regex counts and weights x100", () => {
    expect(describeClassificationChange({ column: "regex", oldVal: "a|b", newVal: "b|c|d" })).toEqual([
      "Regex values: 2 added (c|d), 1 removed (a).",
    ]);
    expect(
      describeClassificationChange({ column: "predictionFactor", oldVal: { name: 0.3 }, newVal: { name: 0.45 } }),
    ).toEqual(["Prediction weight of name changed from 30 to 45."]);
    expect(describeClassificationChange({ column: "datatype", oldVal: "string", newVal: "varchar" })).toEqual([
      "Data type: string → varchar",
    ]);
  });
});
