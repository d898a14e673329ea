/**
 * Admin events filtered by resource type and operation together (the tab's two selects):
 * with both in the key, the page's count reads only the matching entries of the period
 * instead of every event of the period through the time index.
 */
export const sql = /* sql */ `
CREATE INDEX identity_admin_events_type_op_time_idx ON identity_admin_events (resource_type, operation_type, time DESC);
`;
