import type { ChangeEntry } from "@console/contracts";
import i18n from "../../i18n";
import { formatDate, formatDateTime } from "../../shared/lib/format";

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars ?? {});

/** Columns whose values are lists joined by '|' or ','. */
const LIST_COLUMNS = new Set([
  "tables",
  "tags",
  "tablePrivileges",
  "assignToUsers",
  "assignToGroups",
  "schemaName",
  "customTags",
]);

function text(v: unknown): string {
  if (v === null || v === undefined || v === "") return "";
  if (Array.isArray(v)) return v.map(text).join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  if (v === ".*") return "all";
  return String(v);
}

function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter(Boolean);
  return text(v)
    .split(/[|,]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The field's label (i18n), else its last name made readable: "phoneNumber" → "Phone number". */
function label(column: string): string {
  const key = `audits.change.label.${column}`;
  if (i18n.exists(key)) return t(key);
  const last = column.split(".").pop() ?? column;
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A field's value as the console shows it elsewhere: dates in its date format (a period's ends
 * as days, since periods are whole days), approval statuses by their English names.
 */
function shown(path: string, v: unknown): unknown {
  if (typeof v !== "string") return v;
  const leaf = path.split(".").pop() ?? path;
  if (leaf === "approvalStatus") {
    const key = `audits.change.approval.${v}`;
    return i18n.exists(key) ? t(key) : v;
  }
  if (ISO_DATE.test(v)) return /^(startDate|endDate)$/.test(leaf) ? formatDate(v) : formatDateTime(v);
  return v;
}

/** One sentence per field: "Contact name: (none) → Ops Team". */
function simple(lbl: string, oldVal: unknown, newVal: unknown): string[] {
  if (text(oldVal) === text(newVal)) return [];
  const none = t("audits.change.none");
  return [t("audits.change.field", { label: lbl, old: text(oldVal) || none, new: text(newVal) || none })];
}

function listChange(lbl: string, oldVal: unknown, newVal: unknown): string[] {
  const before = listOf(oldVal);
  const after = listOf(newVal);
  const added = after.filter((x) => !before.includes(x));
  const removed = before.filter((x) => !after.includes(x));
  const out: string[] = [];
  if (added.length)
    out.push(t("audits.change.added", { label: lbl, items: added.map((x) => (x === ".*" ? "all" : x)).join(", ") }));
  if (removed.length)
    out.push(
      t("audits.change.removed", { label: lbl, items: removed.map((x) => (x === ".*" ? "all" : x)).join(", ") }),
    );
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Nested objects flattened to their leaf fields, one sentence each (tnc.contactDetails.name, ...). */
function fieldChanges(path: string, oldVal: unknown, newVal: unknown): string[] {
  if (isRecord(oldVal) || isRecord(newVal)) {
    const o = isRecord(oldVal) ? oldVal : {};
    const n = isRecord(newVal) ? newVal : {};
    return [...new Set([...Object.keys(o), ...Object.keys(n)])].flatMap((k) =>
      fieldChanges(`${path}.${k}`, o[k], n[k]),
    );
  }
  if (LIST_COLUMNS.has(path) || Array.isArray(oldVal) || Array.isArray(newVal))
    return listChange(label(path), oldVal, newVal);
  return simple(label(path), shown(path, oldVal), shown(path, newVal));
}

/** JSON written as text (the policy trail stores structured values that way). */
function parsed(v: unknown): unknown {
  if (typeof v !== "string" || !/^[[{]/.test(v.trim())) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

type Item = Record<string, unknown>;
const asItems = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : []);

/** Whole lists of row filters or column masks: one sentence per item added, removed or changed. */
function itemChanges(column: "rowFilters" | "columnDetails", oldVal: unknown, newVal: unknown): string[] {
  const isFilter = column === "rowFilters";
  const keyOf = (i: Item) => `${text(i.table)}.${text(isFilter ? i.columnName : i.name)}`;
  const show = (i: Item | undefined) =>
    !i ? "" : isFilter ? [i.columnName, i.filterCondition, i.value].map(text).filter(Boolean).join(" ") : text(i.mask);
  const before = new Map(asItems(oldVal).map((i) => [keyOf(i), i]));
  const after = new Map(asItems(newVal).map((i) => [keyOf(i), i]));
  return [...new Set([...before.keys(), ...after.keys()])].flatMap((k) => {
    const i = after.get(k) ?? before.get(k)!;
    const lbl = isFilter
      ? t("audits.change.rowFilter", { column: k })
      : t("audits.change.columnMask", { column: k, type: text(i.type) });
    return simple(lbl, show(before.get(k)), show(after.get(k)));
  });
}

/** Human-readable sentences for one entry of a policy change set (spec: the columns handled). */
export function describePolicyChange(raw: ChangeEntry & { type?: string }): string[] {
  const entry = { ...raw, oldVal: parsed(raw.oldVal), newVal: parsed(raw.newVal) };
  const { column, oldVal, newVal } = entry;
  if ((column === "rowFilters" || column === "columnDetails") && (Array.isArray(oldVal) || Array.isArray(newVal)))
    return itemChanges(column, oldVal, newVal);
  if (column.startsWith("rowFilters.")) {
    return simple(t("audits.change.rowFilter", { column: column.slice("rowFilters.".length) }), oldVal, newVal);
  }
  if (column.startsWith("columnDetails.")) {
    const type =
      entry.type ?? (newVal as { type?: string } | null)?.type ?? (oldVal as { type?: string } | null)?.type ?? "";
    const mask = (v: unknown) => (v && typeof v === "object" ? ((v as { mask?: unknown }).mask ?? v) : v);
    return simple(
      t("audits.change.columnMask", { column: column.slice("columnDetails.".length), type }),
      mask(oldVal),
      mask(newVal),
    );
  }
  return fieldChanges(column, oldVal, newVal);
}

/** Sentences for a classification rule's change set; prediction weights are shown x100. */
export function describeClassificationChange(entry: ChangeEntry): string[] {
  const { column, oldVal, newVal } = entry;
  const c = column.toLowerCase();
  if (c.includes("regex")) {
    const before = listOf(oldVal);
    const after = listOf(newVal);
    const added = after.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !after.includes(x));
    return [
      t("audits.change.regex", {
        added: added.length,
        removed: removed.length,
        addedItems: added.join("|") || "—",
        removedItems: removed.join("|") || "—",
      }),
    ];
  }
  if (c.includes("weight") || c.includes("prediction")) {
    const o = (oldVal ?? {}) as Record<string, number>;
    const n = (newVal ?? {}) as Record<string, number>;
    if (typeof oldVal === "number" || typeof newVal === "number")
      return [t("audits.change.weight", { factor: column, old: pct(oldVal), new: pct(newVal) })];
    return [...new Set([...Object.keys(o), ...Object.keys(n)])]
      .filter((k) => o[k] !== n[k])
      .map((k) => t("audits.change.weight", { factor: k, old: pct(o[k]), new: pct(n[k]) }));
  }
  const key =
    {
      tag: "classificationTag",
      classificationtag: "classificationTag",
      customtags: "customTags",
      datatype: "datatype",
      data_type: "datatype",
    }[c] ?? column;
  if (key === "customTags") return listChange(label(key), oldVal, newVal);
  return simple(label(key), oldVal, newVal);
}

function pct(v: unknown): string {
  return typeof v === "number" ? String(Math.round(v * 100)) : "—";
}

/**
 * Users and groups assigned by a policy event, for the assignment drawer: the event's
 * assignment record when it has one, else what its change set assigned.
 */
export function assignmentsOf(
  changeSet: ChangeEntry[] | null,
  record?: { usersAssigned: string[]; groupsAssigned: string[] } | null,
): { users: string[]; groups: string[] } | null {
  const all = (xs: string[]) => xs.map((x) => (x === ".*" ? "all" : x));
  if (record && (record.usersAssigned.length || record.groupsAssigned.length))
    return { users: all(record.usersAssigned), groups: all(record.groupsAssigned) };
  if (!changeSet) return null;
  const pick = (col: string) => {
    const e = changeSet.find((x) => x.column === col);
    return e ? listOf(e.newVal).map((x) => (x === ".*" ? "all" : x)) : [];
  };
  const users = pick("assignToUsers");
  const groups = pick("assignToGroups");
  return users.length || groups.length ? { users, groups } : null;
}
