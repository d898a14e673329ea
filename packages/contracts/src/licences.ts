import { z } from "zod";
import { MessageBody } from "./common.js";
import { route } from "./route.js";

export const LicenceCheck = z
  .object({ valid: z.boolean(), daysToExpiry: z.number().int() })
  .meta({ id: "LicenceCheck" });
export type LicenceCheck = z.infer<typeof LicenceCheck>;

/** active: the licence in force; inactive: replaced by a later upload; expired: in force but past its date. */
export const LicenceStatus = z.enum(["active", "inactive", "expired", "deleted"]);
export type LicenceStatus = z.infer<typeof LicenceStatus>;

/** A licence history row (spec section 3), with the licence's own fields beside it. */
export const LicenceRow = z
  .object({
    id: z.number().int(),
    serialNumber: z.string(),
    fileName: z.string(),
    descEn: z.string(),
    uploadedBy: z.string(),
    uploadedAt: z.string(),
    customer: z.string(),
    components: z.array(z.string()),
    issueDate: z.string(),
    expiryDate: z.string(),
    status: LicenceStatus,
    statusEn: z.string(),
    /** The licence file's text, as uploaded. */
    license: z.string(),
  })
  .meta({ id: "LicenceRow" });
export type LicenceRow = z.infer<typeof LicenceRow>;

const LicenceId = z.object({ id: z.coerce.number().int().min(1, { message: "must be a licence id" }) });

export const licenceRoutes = {
  verify: route({
    method: "GET",
    path: "/license/api/v1/verify",
    access: "authenticated",
    summary: "Whether the installed licence is valid, and the days until it expires",
    tags: ["licences"],
    response: LicenceCheck,
  }),
  upload: route({
    method: "POST",
    path: "/license/api/v1/upload",
    access: { menu: "settings" },
    summary:
      "Install a licence file (multipart/form-data: exactly one licenseKey file, .lic or .license, and an optional descEn of at most 250 characters)",
    tags: ["licences"],
    response: MessageBody,
  }),
  history: route({
    method: "GET",
    path: "/license/api/v1/uploadHistory",
    access: { menu: "settings" },
    summary: "Every licence uploaded, newest first",
    tags: ["licences"],
    response: z.array(LicenceRow),
  }),
  remove: route({
    method: "DELETE",
    path: "/license/api/v1/:id",
    access: { menu: "settings" },
    summary: "Withdraw a licence (it stays in the history as deleted)",
    tags: ["licences"],
    params: LicenceId,
    response: MessageBody,
  }),
};
