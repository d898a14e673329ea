import type { KeyObject } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { LICENCE_DESCRIPTION_MAX, LICENCE_FILE_EXTENSIONS, LICENCE_FILE_MAX_BYTES } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors.js";
import type { Services } from "../../platform/services.js";
import { consoleDate, LicenceRejected, readLicence, todayUtc, type LicenceBody } from "./format.js";
import type { Queryable } from "../../platform/db/index.js";
import { findLicence, installLicence, markActive, markDeleted, replacedLicences, serialInUse } from "./store.js";

const AUDIT_SOURCE = "settings-licenses";
const FILE_FIELD = "body.licenseKey";

interface Upload {
  fileName: string;
  text: string;
  description: string;
}

/** Reads the multipart form: exactly one licenseKey file and an optional descEn. */
export async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest("Send the licence as multipart/form-data.", FILE_FIELD);
  const files: Array<{ name: string; data: Buffer }> = [];
  let description = "";
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "licenseKey") {
          await part.toBuffer();
          throw badRequest("The licence file goes in the licenseKey field.", FILE_FIELD);
        }
        files.push({ name: part.filename, data: await part.toBuffer() });
      } else if (part.fieldname === "descEn") {
        description = String(part.value ?? "");
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw badRequest(`The file is larger than ${LICENCE_FILE_MAX_BYTES / 1024} KB; it is not a licence.`, FILE_FIELD);
    if (code === "FST_FILES_LIMIT") throw badRequest("Upload exactly one licence file.", FILE_FIELD);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw badRequest("The form has too many fields.", "body");
    throw badRequest("The upload could not be read; send it again.", "body");
  }
  if (files.length === 0) throw badRequest("Choose a licence file to upload.", FILE_FIELD);
  if (files.length > 1) throw badRequest("Upload exactly one licence file.", FILE_FIELD);
  const file = files[0]!;
  const lower = file.name.toLowerCase();
  if (!LICENCE_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext)))
    throw badRequest("The licence file must be a .lic or .license file.", FILE_FIELD);
  if (file.name.length > 255) throw badRequest("The file name must be at most 255 characters.", FILE_FIELD);
  description = description.trim();
  if (description.length > LICENCE_DESCRIPTION_MAX)
    throw badRequest(`The description must be at most ${LICENCE_DESCRIPTION_MAX} characters.`, "body.descEn");
  return { fileName: file.name, text: file.data.toString("utf8"), description };
}

export async function uploadLicence(
  s: Services,
  publicKey: KeyObject,
  actor: Actor,
  upload: Upload,
): Promise<{ message: string }> {
  let licence;
  try {
    licence = readLicence(upload.text, publicKey);
  } catch (err) {
    if (err instanceof LicenceRejected) throw badRequest(err.message, FILE_FIELD, `licence_${err.problem}`);
    throw err;
  }
  const today = todayUtc();
  if (licence.expiryDate < today)
    throw badRequest(
      `This licence expired on ${consoleDate(licence.expiryDate)}; upload a current one.`,
      FILE_FIELD,
      "licence_expired",
    );
  if (licence.issueDate > today)
    throw badRequest(
      `This licence takes effect on ${consoleDate(licence.issueDate)}; upload it on or after that day.`,
      FILE_FIELD,
      "licence_not_yet_valid",
    );
  const message = `License ${licence.serialNumber} for ${licence.customer} is installed; it is valid until ${consoleDate(licence.expiryDate)}.`;
  await s.db.tx(async (q) => {
    if (await serialInUse(q, licence.serialNumber))
      throw conflict(`License ${licence.serialNumber} has already been uploaded.`, FILE_FIELD);
    const { id, replaced } = await installLicence(q, licence, {
      name: upload.fileName,
      text: upload.text,
      description: upload.description,
      uploadedBy: actor.username,
    });
    await writeAudit(q, {
      source: AUDIT_SOURCE,
      action: "Upload License",
      actor,
      status: "success",
      subjectId: String(id),
      subjectName: licence.serialNumber,
      summary: `License ${licence.serialNumber} uploaded`,
      details: {
        fileName: upload.fileName,
        customer: licence.customer,
        issueDate: licence.issueDate,
        expiryDate: licence.expiryDate,
        components: licence.components,
        replaced,
      },
    });
  });
  await s.bus.publish("licence");
  return { message };
}

/**
 * The newest licence a later upload put aside that is still good today (its signature checks
 * and today lies within its dates), put back in force; null when there is none.
 */
async function reinstateLatestValid(q: Queryable, publicKey: KeyObject, today: string): Promise<LicenceBody | null> {
  for (const candidate of await replacedLicences(q)) {
    let l: LicenceBody;
    try {
      l = readLicence(candidate.text, publicKey);
    } catch {
      continue; // altered, or signed by another key: never put back in force
    }
    if (l.issueDate > today || l.expiryDate < today) continue;
    await markActive(q, candidate.id);
    return l;
  }
  return null;
}

/**
 * Withdraws a licence. When it was the one in force, the newest earlier licence that is still
 * valid takes its place, in the same transaction, and the audit event says which.
 */
export async function withdrawLicence(
  s: Services,
  publicKey: KeyObject,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const today = todayUtc();
  const row = await findLicence(s.db, id, today);
  if (!row) throw notFound("The licence");
  const alreadyDeleted = () => badRequest(`License ${row.serialNumber} is already deleted.`, "params.id");
  if (row.status === "deleted") throw alreadyDeleted();
  const reinstated = await s.db.tx(async (q) => {
    const was = await markDeleted(q, id);
    if (!was) throw alreadyDeleted();
    const back = was === "active" ? await reinstateLatestValid(q, publicKey, today) : null;
    await writeAudit(q, {
      source: AUDIT_SOURCE,
      action: "Delete License",
      actor,
      status: "success",
      subjectId: String(id),
      subjectName: row.serialNumber,
      summary: back
        ? `License ${row.serialNumber} deleted; License ${back.serialNumber} is in force again`
        : `License ${row.serialNumber} deleted`,
      details: {
        changeSet: [
          { column: "status", oldVal: was, newVal: "deleted" },
          ...(back ? [{ column: "in force", oldVal: row.serialNumber, newVal: back.serialNumber }] : []),
        ],
        ...(back ? { reinstated: back.serialNumber } : {}),
      },
    });
    return back;
  });
  await s.bus.publish("licence");
  return {
    message: reinstated
      ? `License ${row.serialNumber} deleted. License ${reinstated.serialNumber} is in force again; it is valid until ${consoleDate(reinstated.expiryDate)}.`
      : `License ${row.serialNumber} deleted.`,
  };
}
