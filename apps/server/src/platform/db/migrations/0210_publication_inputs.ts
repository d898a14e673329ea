/**
 * What each publication was compiled from (the policies that can be in force, with their
 * access periods, and the group members), so that an access period starting or ending
 * republishes exactly what was synced, without taking edits nobody has synced yet.
 */
export const sql = /* sql */ `
ALTER TABLE policy_publications ADD COLUMN inputs jsonb;
`;
