import type { Queryable } from "../../platform/db/index.js";

/** The rollup keeps this many days (the longest preview window, and the day being filled). */
export const ROLLUP_DAYS = 91;

/**
 * The upsert that adds queries to the access rollup (one row per UTC day, user, table and set
 * of columns read, with the query count and when last seen), set-based over the rows of
 * `source`: a relation with query_id, username, created_at and inputs (Trino's
 * `ioMetadata.inputs`). A query reading a table twice counts once for it, with the union of
 * the columns read. Columns come as Trino's objects ({column}) or, on older versions, names.
 */
export function accessRollupUpsert(source: string): string {
  return /* sql */ `
    INSERT INTO trino_access_rollup AS r (day, username, catalog, schema_name, table_name, columns, queries, last_seen)
    SELECT day, username, catalog, schema_name, table_name, columns, count(*), max(created_at)
      FROM (
        SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, e.username, e.created_at,
               i->>'catalogName' AS catalog, i->>'schema' AS schema_name, i->>'table' AS table_name,
               ARRAY(SELECT DISTINCT c FROM unnest(array_agg(col.name)) c WHERE c IS NOT NULL ORDER BY c) AS columns
          FROM ${source} e
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.inputs) = 'array' THEN e.inputs ELSE '[]'::jsonb END) i
          LEFT JOIN LATERAL (
            SELECT CASE jsonb_typeof(c) WHEN 'string' THEN c #>> '{}' ELSE coalesce(c->>'column', c->>'name') END AS name
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(i->'columns') = 'array' THEN i->'columns' ELSE '[]'::jsonb END) c
          ) col ON true
         WHERE jsonb_typeof(i) = 'object' AND i->>'catalogName' IS NOT NULL AND i->>'schema' IS NOT NULL
           AND i->>'table' IS NOT NULL
         GROUP BY e.query_id, e.username, e.created_at, i->>'catalogName', i->>'schema', i->>'table'
      ) a
     GROUP BY day, username, catalog, schema_name, table_name, columns
     ORDER BY day, username, catalog, schema_name, table_name, columns
    ON CONFLICT (day, username, catalog, schema_name, table_name, columns)
    DO UPDATE SET queries = r.queries + EXCLUDED.queries, last_seen = GREATEST(r.last_seen, EXCLUDED.last_seen)`;
}

/** Drops the days no window reaches any more (the primary key starts with the day: an index range). */
export async function pruneAccessRollup(q: Queryable, now = new Date()): Promise<void> {
  const oldest = new Date(now.getTime() - ROLLUP_DAYS * 86_400_000).toISOString().slice(0, 10);
  await q.query("DELETE FROM trino_access_rollup WHERE day < $1::date", [oldest]);
}
