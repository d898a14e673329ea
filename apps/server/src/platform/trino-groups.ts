import fs from "node:fs/promises";
import path from "node:path";
import type { Queryable } from "./db/index.js";

/** Trino's file group provider format: one `group:user1,user2` line per group, sorted. */
export async function renderTrinoGroupFile(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ name: string; users: string[] }>(
    `SELECT g.name, array_agg(u.username ORDER BY u.username) AS users
       FROM groups g JOIN user_groups ug ON ug.group_id = g.id JOIN users u ON u.id = ug.user_id
      WHERE u.enabled
      GROUP BY g.name
      ORDER BY g.name`,
  );
  // Trino splits on ':' and ','; names holding them cannot be expressed and are left out.
  const safe = (s: string) => !/[:,\n\r]/.test(s);
  return rows
    .filter((r) => safe(r.name))
    .map((r) => `${r.name}:${r.users.filter(safe).join(",")}`)
    .join("\n")
    .concat(rows.length ? "\n" : "");
}

/** Replaces the file in one step (write beside it, then rename), so Trino never reads half a file. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(tmp, content, { mode: 0o644 });
  await fs.rename(tmp, file);
}
