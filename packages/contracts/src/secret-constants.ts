/** Constants of the secrets screen; no zod here, so the web bundle can import them. */

/** Secret limits (spec sections 5 and 9). */
export const SECRET_NAME_MAX = 50;
export const SECRET_DESCRIPTION_MAX = 200;
/** Kubernetes keeps a Secret under 1 MiB; the value stays well inside it. */
export const SECRET_VALUE_MAX = 512 * 1024;
/** Letters, digits and hyphen; Kubernetes also wants a letter or digit at each end. */
export const SECRET_NAME_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** What the name field keeps of what is typed: letters, digits and hyphens, lower-cased. */
export const normalizeSecretName = (typed: string) => typed.replace(/[^A-Za-z0-9-]/g, "").toLowerCase();
