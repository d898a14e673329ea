/**
 * Days of an audit source that received events late, after their day was rolled up: ingest
 * marks them in the statement that stores the events, and the insights refresh rolls those days
 * up again (and only those, besides the newest days) instead of rereading whole months.
 */
export const sql = /* sql */ `
CREATE TABLE audit_changed_days (
  source text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (source, day)
);
`;
