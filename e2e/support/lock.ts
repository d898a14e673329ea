import fs from "node:fs/promises";
import path from "node:path";
import { TMP } from "./server.js";

/**
 * Test files run in parallel against one console, and publications are shared: a restore in one
 * file would undo another file's Sync, and a Sync in another file would shift the publication
 * numbers a restore test counts on. Whatever publishes holds this lock (a directory, made
 * atomically, shared by the worker processes); it is re-entrant within a process.
 */
const LOCK = path.join(TMP, "publishing.lock");
let depth = 0;

export async function clearPublishingLock(): Promise<void> {
  await fs.rm(LOCK, { recursive: true, force: true });
}

export async function publishing<T>(work: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  if (depth === 0) {
    const deadline = Date.now() + timeoutMs;
    await fs.mkdir(TMP, { recursive: true });
    for (;;) {
      try {
        await fs.mkdir(LOCK);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        if (Date.now() > deadline) throw new Error(`another test file held ${LOCK} for ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
  depth += 1;
  try {
    return await work();
  } finally {
    depth -= 1;
    if (depth === 0) await fs.rm(LOCK, { recursive: true, force: true });
  }
}
