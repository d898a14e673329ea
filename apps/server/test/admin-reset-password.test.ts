import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type BuiltApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/platform/db/index.js";
import { openPglite } from "../src/platform/db/pglite.js";
import { openPostgres } from "../src/platform/db/postgres.js";
import { ADMIN_PASSWORD, makeApp, PUBLIC_URL, type TestApp } from "./support/app.js";
import { signIn } from "./support/auth.js";
import { testLogger } from "./support/log-scan.js";
import { meStatus, refresh } from "./support/sessions.js";

const COMMAND = new URL("../../../scripts/admin/reset-password.mjs", import.meta.url).pathname;
const WITHIN_5_S = { timeout: 5_000, interval: 50 };

/** Runs `npm run admin:reset-password`'s script as an operator would, with only `env` set. */
function resetCommand(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      [COMMAND, ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env }, timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

/** The one-time password the command printed; it must be printed exactly once. */
function printedPassword(out: string): string {
  const found = [...out.matchAll(/One-time password: (\S+)/g)].map((m) => m[1]!);
  expect(found).toHaveLength(1);
  expect(out.split(found[0]!).length - 1).toBe(1);
  return found[0]!;
}

async function resetAudit(db: Db) {
  const { rows } = await db.query<{ username: string; subject_name: string; summary: string; details: object }>(
    "SELECT username, subject_name, summary, details FROM audit_events WHERE action = 'Reset Password' ORDER BY seq",
  );
  return rows;
}

// Each case runs the command in a process of its own, compiling the server's source as it starts.
const COMMAND_TIMEOUT = { timeout: 180_000 };

describe("the administrator's password reset on the machine, with PostgreSQL and two replicas", () => {
  let a: TestApp;
  let b: BuiltApp;
  let bDb: Db;
  beforeAll(async () => {
    a = await makeApp("postgres");
    bDb = await openPostgres(a.testDb.url!, 5);
    b = await buildApp(a.config, { logger: testLogger(), webDir: "/nonexistent", db: bDb });
    await b.app.ready();
  });
  afterAll(async () => {
    await b?.app.close();
    await bDb?.close();
    await a?.close();
  });

  it(
    "prints a one-time password once, ends the administrator's sessions on every replica, and is audited",
    COMMAND_TIMEOUT,
    async () => {
      const session = await signIn(a.app, "admin", ADMIN_PASSWORD);
      expect(await meStatus(b.app, session.tokens!.access_token)).toBe(200);

      const run = await resetCommand({ DATABASE_URL: a.testDb.url!, PUBLIC_URL });
      expect(run.err).toBe("");
      expect(run.code).toBe(0);
      const password = printedPassword(run.out);
      expect(run.out).toContain("Every session of admin has ended, on every replica.");

      for (const replica of [a.app, b.app])
        await vi.waitFor(
          async () => expect(await meStatus(replica, session.tokens!.access_token)).toBe(401),
          WITHIN_5_S,
        );
      expect((await refresh(b.app, session.tokens!.refresh_token!)).statusCode).toBe(400);
      expect((await signIn(b.app, "admin", ADMIN_PASSWORD)).status).toBe(401);
      const first = await signIn(b.app, "admin", password);
      expect(first.page).toContain("Set a new password");

      const [audit, ...more] = await resetAudit(a.testDb.db);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({ username: "system", subject_name: "admin" });
      expect(audit!.summary).toMatch(
        /^Set a one-time password for admin on the machine \(admin:reset-password, run by .+@.+\)$/,
      );
      expect(JSON.stringify(audit)).not.toContain(password);
      const { rows } = await a.testDb.db.query("SELECT * FROM identity_admin_events WHERE operation_type = 'ACTION'");
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(password);
    },
  );

  it(
    "refuses a name that does not exist, and an external sign-in service, changing nothing",
    COMMAND_TIMEOUT,
    async () => {
      const unknown = await resetCommand({ DATABASE_URL: a.testDb.url! }, ["--username", "nobody"]);
      expect(unknown).toMatchObject({ code: 1, out: "" });
      expect(unknown.err).toContain("No user is named nobody in this database");
      const external = await resetCommand({
        DATABASE_URL: a.testDb.url!,
        OIDC_ISSUER: "https://keycloak.example.com/realms/data",
      });
      expect(external).toMatchObject({ code: 1, out: "" });
      expect(external.err).toContain("passwords are kept there, not by the console");
      expect(await resetAudit(a.testDb.db)).toHaveLength(1);
    },
  );
});

describe("the administrator's password reset on the machine, with the embedded database's folder", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-reset-"));
  const config = loadConfig({ PUBLIC_URL, ADMIN_PASSWORD, DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  let console_: { built: BuiltApp; db: Db } | null = null;
  const start = async () => {
    const db = await openPglite(path.join(dataDir, "pglite"));
    const built = await buildApp(config, { logger: testLogger(), webDir: "/nonexistent", db });
    await built.app.ready();
    console_ = { built, db };
    return built;
  };
  const stop = async () => {
    await console_?.built.app.close();
    await console_?.db.close();
    console_ = null;
  };
  beforeAll(start);
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a folder that holds no console database, creating nothing there", COMMAND_TIMEOUT, async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "pc-reset-empty-"));
    const run = await resetCommand({ DATA_DIR: empty });
    expect(run).toMatchObject({ code: 1, out: "" });
    expect(run.err).toContain(`No console database is in ${empty}`);
    expect(readdirSync(empty)).toEqual([]);
    rmSync(empty, { recursive: true });
  });

  it("refuses while a console has the folder open, then resets once it is stopped", COMMAND_TIMEOUT, async () => {
    const busy = await resetCommand({ DATA_DIR: dataDir });
    expect(busy).toMatchObject({ code: 1, out: "" });
    expect(busy.err).toContain(`is in use by process ${process.pid} (a console running on it)`);
    expect((await signIn(console_!.built.app, "admin", ADMIN_PASSWORD)).ok).toBe(true);

    await stop();
    const run = await resetCommand({ DATA_DIR: dataDir, PUBLIC_URL });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const password = printedPassword(run.out);
    expect(run.out).toContain(`(in the embedded database in ${dataDir})`);

    const again = await start();
    expect((await signIn(again.app, "admin", ADMIN_PASSWORD)).status).toBe(401);
    expect((await signIn(again.app, "admin", password)).page).toContain("Set a new password");
    expect(await resetAudit(console_!.db)).toEqual([
      expect.objectContaining({ username: "system", subject_name: "admin" }),
    ]);
  });
});
