/**
 * Trigram indexes for substring search of users and groups. pg_trgm ships with PostgreSQL
 * (contrib) and with the embedded database; where it cannot be installed the search still
 * works, by scanning.
 */
export const sql = /* sql */ `
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%); user search scans the table', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops)';
  EXECUTE 'CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX groups_name_trgm_idx ON groups USING gin (lower(name) gin_trgm_ops)';
END
$$;
`;
