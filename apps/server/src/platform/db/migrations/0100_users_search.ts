/**
 * User management: what the users and groups tables need to be listed, searched and
 * synchronised quickly with a hundred thousand users.
 */
export const sql = /* sql */ `
-- Set when a directory sync disabled the user because they left the directory, so that a
-- user an administrator disabled is never re-enabled by a sync, and one who returns is.
ALTER TABLE users ADD COLUMN sync_disabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN external_dn text;
ALTER TABLE groups ADD COLUMN external_dn text;

-- One lower-cased text of everything the free-text search matches.
ALTER TABLE users ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(username || ' ' || first_name || ' ' || last_name || ' ' || email)) STORED;

CREATE INDEX users_name_sort_idx ON users (lower(first_name), lower(last_name), username);
CREATE INDEX users_email_sort_idx ON users (lower(email), username);
CREATE INDEX users_source_idx ON users (source);
CREATE INDEX groups_name_sort_idx ON groups (lower(name), name);
-- Members of a group in a stable order, read a few at a time; covers the group_id index.
CREATE INDEX user_groups_group_user_idx ON user_groups (group_id, user_id);
DROP INDEX user_groups_group_idx;
`;
