import { z } from "zod";
import { MessageBody } from "./common.js";
import { SECRET_DESCRIPTION_MAX, SECRET_NAME_MAX, SECRET_NAME_PATTERN, SECRET_VALUE_MAX } from "./secret-constants.js";
import { route } from "./route.js";

const name = z
  .string({ message: "is required" })
  .min(1, { message: "is required" })
  .max(SECRET_NAME_MAX, { message: `must be at most ${SECRET_NAME_MAX} characters` })
  .regex(SECRET_NAME_PATTERN, {
    message: "must hold only lower-case letters, digits and hyphens, and start and end with a letter or digit",
  });

/** A secret as listed: the value is write-only and never leaves the server. */
export const Secret = z
  .object({
    name: z.string(),
    description: z.string(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: "Secret" });
export type Secret = z.infer<typeof Secret>;

export const SecretList = z.object({ items: z.array(Secret) }).meta({ id: "SecretList" });

export const SecretWrite = z
  .object({
    name,
    description: z
      .string({ message: "is required" })
      .trim()
      .min(1, { message: "is required" })
      .max(SECRET_DESCRIPTION_MAX, { message: `must be at most ${SECRET_DESCRIPTION_MAX} characters` }),
    /** Required to create; on update, absent or empty keeps the current value. */
    value: z
      .string({ message: "must be text" })
      .max(SECRET_VALUE_MAX, { message: `must be at most ${SECRET_VALUE_MAX / 1024} KB` })
      .optional(),
    /** create: refuse a name in use; update: refuse a name not in use; absent: either. */
    mode: z.enum(["create", "update"], { message: "must be create or update" }).optional(),
  })
  .strict();
export type SecretWrite = z.input<typeof SecretWrite>;

const SecretName = z.object({ name });

const SECRETS = { menu: "settings" } as const;

export const secretRoutes = {
  list: route({
    method: "GET",
    path: "/k8s-proxy/api/v1/secrets",
    access: SECRETS,
    summary: "The secrets the console manages in the platform namespace, newest change first (never their values)",
    tags: ["secrets"],
    response: SecretList,
  }),
  save: route({
    method: "POST",
    path: "/k8s-proxy/api/v1/secrets",
    access: SECRETS,
    summary: "Create a secret, or change its description and (when given) its value",
    tags: ["secrets"],
    body: SecretWrite,
    response: MessageBody,
  }),
  remove: route({
    method: "DELETE",
    path: "/k8s-proxy/api/v1/secrets/:name",
    access: SECRETS,
    summary: "Delete a secret",
    tags: ["secrets"],
    params: SecretName,
    response: MessageBody,
  }),
  exists: route({
    method: "HEAD",
    path: "/k8s-proxy/api/v1/secrets/:name/is_exist",
    access: SECRETS,
    summary: "Whether a secret of this name exists in the platform namespace: 204 when it does, 404 when not",
    tags: ["secrets"],
    params: SecretName,
    response: z.undefined(),
    status: 204,
  }),
};
