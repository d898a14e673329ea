import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../platform/db/index.js";
import { renderTrinoGroupFile, writeFileAtomically } from "../../platform/trino-groups.js";

const DEBOUNCE_MS = 1000;

export function groupFilePath(config: Pick<Config, "TRINO_GROUP_FILE" | "dataDir">): string {
  return path.resolve(config.TRINO_GROUP_FILE ?? path.join(config.dataDir, "trino", "group.txt"));
}

/**
 * Trino's group file (`group:user1,user2` per line), rewritten whole after each sync and,
 * shortly after, whenever users, groups or memberships change, so Trino's file group
 * provider sees what the console sees.
 */
export class TrinoGroupFile {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the file now; returns the number of groups in it. */
  async write(): Promise<number> {
    const run = this.writing.then(async () => {
      const content = await renderTrinoGroupFile(this.db);
      await writeFileAtomically(this.file, content);
      return content.split("\n").filter(Boolean).length;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** Writes the file a moment from now, once for a burst of changes. */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.write().catch((err: Error) =>
        this.log.warn({ file: this.file, err: { message: err.message } }, "the Trino group file could not be written"),
      );
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.writing;
  }
}
