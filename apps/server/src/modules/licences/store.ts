import type { LicenceRow, LicenceStatus } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import type { LicenceBody } from "./format.js";

interface Stored {
  id: string;
  serial_number: string;
  file_name: string;
  description: string;
  uploaded_by: string;
  uploaded_at: Date;
  customer: string;
  issue_date: string;
  expiry_date: string;
  components: string[];
  status: "active" | "inactive" | "deleted";
  license: string;
}

const COLUMNS = `id, serial_number, file_name, description, uploaded_by, uploaded_at, customer,
  to_char(issue_date, 'YYYY-MM-DD') AS issue_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date,
  components, status, license`;

const STATUS_EN: Record<LicenceStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  expired: "Expired",
  deleted: "Deleted",
};

function toRow(r: Stored, today: string): LicenceRow {
  const status: LicenceStatus = r.status === "active" && r.expiry_date < today ? "expired" : r.status;
  return {
    id: Number(r.id),
    serialNumber: r.serial_number,
    fileName: r.file_name,
    descEn: r.description,
    uploadedBy: r.uploaded_by,
    uploadedAt: r.uploaded_at.toISOString(),
    customer: r.customer,
    components: r.components,
    issueDate: r.issue_date,
    expiryDate: r.expiry_date,
    status,
    statusEn: STATUS_EN[status],
    license: r.license,
  };
}

export async function licenceHistory(q: Queryable, today: string): Promise<LicenceRow[]> {
  const { rows } = await q.query<Stored>(`SELECT ${COLUMNS} FROM licences ORDER BY uploaded_at DESC, id DESC`);
  return rows.map((r) => toRow(r, today));
}

export async function findLicence(q: Queryable, id: number, today: string): Promise<LicenceRow | null> {
  const { rows } = await q.query<Stored>(`SELECT ${COLUMNS} FROM licences WHERE id = $1`, [id]);
  return rows[0] ? toRow(rows[0], today) : null;
}

/** The licence in force: its file text, checked again on every load. */
export async function activeLicenceText(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ license: string }>("SELECT license FROM licences WHERE status = 'active'");
  return rows[0]?.license ?? null;
}

export async function serialInUse(q: Queryable, serial: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM licences WHERE serial_number = $1 AND status <> 'deleted'", [serial]);
  return rows.length > 0;
}

/** Puts `licence` in force; the one it replaces becomes inactive. Returns the replaced serial. */
export async function installLicence(
  q: Queryable,
  l: LicenceBody,
  file: { name: string; text: string; description: string; uploadedBy: string },
): Promise<{ id: number; replaced: string | null }> {
  const replaced = await q.query<{ serial_number: string }>(
    "UPDATE licences SET status = 'inactive' WHERE status = 'active' RETURNING serial_number",
  );
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO licences (serial_number, file_name, description, uploaded_by, customer, issue_date, expiry_date, components, status, license)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9) RETURNING id`,
    [
      l.serialNumber,
      file.name,
      file.description,
      file.uploadedBy,
      l.customer,
      l.issueDate,
      l.expiryDate,
      l.components,
      file.text,
    ],
  );
  return { id: Number(rows[0]!.id), replaced: replaced.rows[0]?.serial_number ?? null };
}

/**
 * Withdraws a licence, its row locked against a withdrawal at the same time. Returns the status
 * it had, or null when it was already deleted.
 */
export async function markDeleted(q: Queryable, id: number): Promise<"active" | "inactive" | null> {
  const { rows } = await q.query<{ status: "active" | "inactive" }>(
    `UPDATE licences l SET status = 'deleted'
       FROM (SELECT id, status FROM licences WHERE id = $1 FOR UPDATE) old
      WHERE l.id = old.id AND old.status <> 'deleted'
      RETURNING old.status`,
    [id],
  );
  return rows[0]?.status ?? null;
}

/** The licences put aside by a newer upload, newest first: candidates to return to force. */
export async function replacedLicences(q: Queryable): Promise<Array<{ id: number; serial: string; text: string }>> {
  const { rows } = await q.query<{ id: string; serial_number: string; license: string }>(
    "SELECT id, serial_number, license FROM licences WHERE status = 'inactive' ORDER BY uploaded_at DESC, id DESC",
  );
  return rows.map((r) => ({ id: Number(r.id), serial: r.serial_number, text: r.license }));
}

export async function markActive(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE licences SET status = 'active' WHERE id = $1", [id]);
}
