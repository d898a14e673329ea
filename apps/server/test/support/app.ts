import { buildApp, type BuildOptions, type BuiltApp } from "../../src/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import { openTestDb, type DbKind, type TestDb } from "./db.js";
import { testLogger } from "./log-scan.js";

export const ADMIN_PASSWORD = "Admin-Test-Pass-1";
export const PUBLIC_URL = "http://console.test";

export interface TestApp extends BuiltApp {
  config: Config;
  testDb: TestDb;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given kind, called in-process with inject. */
export async function makeApp(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: Omit<BuildOptions, "db"> = {},
): Promise<TestApp> {
  const testDb = await openTestDb(kind);
  const config = loadConfig({
    PUBLIC_URL,
    ADMIN_PASSWORD,
    DATA_DIR: "/tmp/pc-test-unused",
    LOG_LEVEL: "silent",
    LOGIN_MAX_FAILURES: "5",
    // Every test signs in from one address; the per-address limit has its own test.
    LOGIN_MAX_IP_FAILURES: "1000",
    ...env,
  });
  const built = await buildApp(config, { logger: testLogger(), webDir: "/nonexistent", ...opts, db: testDb.db });
  await built.app.ready();
  return {
    ...built,
    config,
    testDb,
    close: async () => {
      await built.app.close();
      await testDb.drop();
    },
  };
}
