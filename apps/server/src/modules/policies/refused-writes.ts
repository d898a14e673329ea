import type { Privilege } from "@console/contracts";

const MASKED_WRITES: readonly Privilege[] = ["INSERT", "DELETE", "UPDATE"];

/**
 * Privileges the access control grants that Trino still refuses: on a table with a column mask
 * Trino's analyzer refuses INSERT, DELETE and UPDATE ("Insert into table with column masks is
 * not supported"), so the screens do not offer them.
 */
export function refusedWrites(privileges: readonly Privilege[], columns: Array<{ mask: string | null }>): Privilege[] {
  if (!columns.some((c) => c.mask !== null)) return [];
  return privileges.filter((p) => MASKED_WRITES.includes(p));
}
