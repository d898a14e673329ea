/**
 * The access rollup's SQL, shared by the migration that creates and fills it (0220) and by the
 * ingest that keeps it: plain text, importing nothing, so that the migrations need no module.
 */

/** The rollup keeps this many days (the longest preview window, and the day being filled). */
export const ROLLUP_DAYS = 91;

/** An access's key: 64 bits of the MD5 of its user, table and columns (the rollup sums by it). */
export const ACCESS_KEY_SQL = `('x' || substr(md5(concat_ws(chr(1), username, catalog, schema_name, table_name, array_to_string(columns, chr(2)))), 1, 16))::bit(64)::bigint`;

/**
 * The data-modifying CTEs that add queries to the access rollup, set-based over the rows of
 * `source`: a relation with query_id, username, created_at, inputs (Trino's
 * `ioMetadata.inputs`) and error_name. A query Trino refused (PERMISSION_DENIED) read nothing,
 * whatever inputs it names. Each distinct access (user, table, set of columns read) is kept once in
 * trino_accesses; trino_access_rollup counts its queries per UTC day, with when last seen. A
 * query reading a table twice counts once for it, with the union of the columns read. Columns
 * come as Trino's objects ({column}) or, on older versions, names. `prefix` names the CTEs.
 */
export function accessRollupCtes(source: string, prefix = "roll"): string {
  return /* sql */ `
    ${prefix}_read AS (
      SELECT ${ACCESS_KEY_SQL} AS access_key, *
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
           WHERE e.error_name IS DISTINCT FROM 'PERMISSION_DENIED' AND jsonb_typeof(i) = 'object' AND i->>'catalogName' IS NOT NULL AND i->>'schema' IS NOT NULL
             AND i->>'table' IS NOT NULL
           GROUP BY e.query_id, e.username, e.created_at, i->>'catalogName', i->>'schema', i->>'table'
        ) r
    ),
    ${prefix}_accesses AS (
      INSERT INTO trino_accesses (access_key, username, catalog, schema_name, table_name, columns)
      SELECT DISTINCT ON (access_key) access_key, username, catalog, schema_name, table_name, columns
        FROM ${prefix}_read ORDER BY access_key
      ON CONFLICT (access_key) DO NOTHING
    ),
    ${prefix}_days AS (
      INSERT INTO trino_access_rollup AS r (access_key, day, queries, last_seen)
      SELECT access_key, day, count(*), max(created_at) FROM ${prefix}_read
       GROUP BY access_key, day ORDER BY access_key, day
      ON CONFLICT (access_key, day)
      DO UPDATE SET queries = r.queries + EXCLUDED.queries, last_seen = GREATEST(r.last_seen, EXCLUDED.last_seen)
    )`;
}

/**
 * The data-modifying CTE that counts, per UTC day, the queries a principal (a service account)
 * ran as another user: rows of `source` with query_id, username, principal and created_at.
 */
export function impersonationRollupCte(source: string, prefix = "imp"): string {
  return /* sql */ `
    ${prefix}_days AS (
      INSERT INTO trino_impersonations AS r (principal, username, day, queries, last_seen)
      SELECT principal, username, (created_at AT TIME ZONE 'UTC')::date, count(*), max(created_at)
        FROM ${source} WHERE principal IS NOT NULL AND principal <> username
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (principal, username, day)
      DO UPDATE SET queries = r.queries + EXCLUDED.queries, last_seen = GREATEST(r.last_seen, EXCLUDED.last_seen)
    )`;
}
