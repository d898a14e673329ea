import { POLICY_LIMITS } from "@console/contracts";
import { badRequest } from "../../platform/errors.js";
import type { Metadata } from "./metadata.js";

export interface RequestedObject {
  catalogName: string;
  schemaName: string;
  tableName: string;
}

/**
 * The first object of an access request that Trino says does not exist, with the field that
 * names it; null when everything exists, or when Trino cannot answer (the reviewer decides
 * then, and approving checks the policy again).
 */
export async function missingObject(
  metadata: Metadata,
  dataProductCatalog: string,
  r: RequestedObject,
): Promise<{ field: keyof RequestedObject; message: string } | null> {
  const where = `${r.catalogName}.${r.schemaName}.${r.tableName}`;
  try {
    // The data-product catalog is left out of the catalogue tree: ask for the table's columns instead.
    if (r.catalogName === dataProductCatalog) {
      const [table] = (await metadata.columns(r.catalogName, r.schemaName, [r.tableName])).tables;
      return table && table.columns.length > 0
        ? null
        : { field: "tableName", message: `table ${where} does not exist` };
    }
    const catalog = (await metadata.lookups()).catalogs.find((c) => c.name === r.catalogName);
    if (!catalog) return { field: "catalogName", message: `catalog ${r.catalogName} does not exist` };
    const schema = catalog.schemas.find((s) => s.name === r.schemaName);
    if (!schema) return { field: "schemaName", message: `schema ${r.catalogName}.${r.schemaName} does not exist` };
    if (!schema.tables.some((t) => t.name === r.tableName))
      return { field: "tableName", message: `table ${where} does not exist` };
    return null;
  } catch {
    return null;
  }
}

/**
 * The tables one request asks for (the first, then the others of the same schema, each once),
 * each checked to exist; a missing one is refused naming its field (`moreTables.N` for the others).
 */
export async function requestedTables<R extends RequestedObject & { moreTables?: string[] }>(
  r: R,
  missingObject: (o: R) => Promise<{ field: string; message: string } | null>,
): Promise<string[]> {
  const tables = [...new Set([r.tableName, ...(r.moreTables ?? [])])];
  for (const [i, tableName] of tables.entries()) {
    const missing = await missingObject({ ...r, tableName });
    if (!missing) continue;
    const field =
      missing.field === "tableName" && i > 0 ? `moreTables.${(r.moreTables ?? []).indexOf(tableName)}` : missing.field;
    throw badRequest(`The request cannot be filed: ${missing.message}.`, field);
  }
  return tables;
}

/**
 * The first column asked for that none of the requested tables has, with the field that names
 * it (`columns.N`); null when all exist, or when Trino cannot answer, as for tables.
 */
export async function missingColumn(
  metadata: Metadata,
  r: RequestedObject & { columns?: string[] },
  tables: string[],
): Promise<{ field: string; message: string } | null> {
  if (!r.columns?.length) return null;
  let have: Set<string>;
  try {
    const found = await metadata.columns(r.catalogName, r.schemaName, tables);
    have = new Set(found.tables.flatMap((t) => t.columns.map((c) => c.name)));
  } catch {
    return null;
  }
  const i = r.columns.findIndex((c) => !have.has(c));
  if (i < 0) return null;
  const where = tables.map((t) => `${r.catalogName}.${r.schemaName}.${t}`).join(", ");
  return { field: `columns.${i}`, message: `column ${r.columns[i]} does not exist in ${where}` };
}

/** Refuses a request naming a column that does not exist (checked by `missing`), naming the field. */
export async function requestedColumns<R>(
  r: R,
  tables: string[],
  missing: ((r: R, tables: string[]) => Promise<{ field: string; message: string } | null>) | undefined,
): Promise<void> {
  const column = await missing?.(r, tables);
  if (column) throw badRequest(`The request cannot be filed: ${column.message}.`, column.field);
}

/** The request's terms, with the columns asked for written into the description the reviewer reads. */
export function requestTerms<T extends { description: string }>(tnc: T | undefined, columns: string[] | undefined) {
  if (!columns?.length) return tnc;
  const line = `Columns asked for: ${columns.join(", ")}`;
  const base = tnc ?? ({ description: "" } as T);
  const description = base.description ? `${base.description}\n${line}` : line;
  if (description.length > POLICY_LIMITS.term)
    throw badRequest(
      `The reason and the columns asked for must fit in ${POLICY_LIMITS.term} characters; ask for fewer columns or shorten the reason.`,
      "columns",
    );
  return { ...base, description };
}

export interface Period {
  startDate: string | null;
  endDate: string | null;
}

/**
 * The period an approver grants must lie within the one asked for: they may start it later or
 * end it sooner, never widen it. An open end asked for may be given an end; an end asked for
 * cannot be taken away. Refused with a 400 naming the date.
 */
export function checkGranted(asked: Period, granted: Period): void {
  const fail = (field: "startDate" | "endDate", message: string): never => {
    throw badRequest(`body.tnc.${field}: ${message}`, `body.tnc.${field}`);
  };
  const time = (d: string) => new Date(d).getTime();
  if (asked.startDate && (!granted.startDate || time(granted.startDate) < time(asked.startDate)))
    fail("startDate", "the access period granted cannot start before the one requested");
  if (asked.endDate && (!granted.endDate || time(granted.endDate) > time(asked.endDate)))
    fail("endDate", "the access period granted cannot end after the one requested");
}
