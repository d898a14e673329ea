/**
 * Limits and rules of user management shared by server and web app. No zod here: the web
 * app imports these values, and its bundle stays free of the schemas.
 */
import { BREAKPOINTS, PAGE_SIZES, SYNC_PERIOD_MAX, SYNC_PERIOD_MIN_EXCLUSIVE } from "./constants.js";

/** Page sizes of the users and groups tables (spec: 10, 15, 20; default 10). */
export const USER_PAGE_SIZES = PAGE_SIZES;

/** Chips shown in a row before "+N": 10 on wide windows, 8 on medium, 6 on small (spec section 9). */
export const CHIP_LIMITS = { wide: 10, medium: 8, small: 6 } as const;
export function chipLimit(windowWidth: number): number {
  if (windowWidth >= BREAKPOINTS.largeDesktop) return CHIP_LIMITS.wide;
  if (windowWidth >= BREAKPOINTS.smallDesktop) return CHIP_LIMITS.medium;
  return CHIP_LIMITS.small;
}
/** Member names a groups page carries per group: enough for the widest chip row. */
export const GROUP_MEMBERS_PREVIEW = CHIP_LIMITS.wide;

/** Lower-case letters, digits, dot, dash, underscore or @; starts with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,63}$/;
/** The characters of a name that no username may hold, each once, in the order typed. */
export function usernameForbiddenChars(name: string): string[] {
  return [...new Set(name.replace(/[a-z0-9._@-]/g, ""))];
}
export const USERNAME_RULE =
  "must be 2-64 characters: lower-case letters, digits, dot, dash, underscore or @, starting with a letter or digit";
/** Letters, digits, space, dot, dash or underscore; no ':' or ',' (Trino's group file cannot hold them). */
export const GROUP_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
export const GROUP_NAME_RULE =
  "must be 1-64 characters: letters, digits, space, dot, dash or underscore, starting with a letter or digit";
export const PERSON_NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** A list change names at most this many users or groups at once. */
export const MAX_NAMES_PER_CHANGE = 5000;

/** The English sentence of 'sync.period.more.than.60.less.than.525600'. */
export const SYNC_PERIOD_RULE = `Sync period must be more than ${SYNC_PERIOD_MIN_EXCLUSIVE} and at most ${SYNC_PERIOD_MAX} minutes (365 days).`;

export function syncPeriodValid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes > SYNC_PERIOD_MIN_EXCLUSIVE && minutes <= SYNC_PERIOD_MAX;
}
