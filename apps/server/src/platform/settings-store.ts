import type { Queryable } from "./db/index.js";

/** Saves one application setting (a JSON value under its key), replacing what was there. */
export async function saveSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
