/**
 * `npm run admin:reset-password [-- --username NAME]`: a new one-time password for the
 * administrator, for whoever runs the machine (README, "Lost the administrator's password").
 * It reads the console's own configuration (DATABASE_URL, or the embedded database in DATA_DIR)
 * and prints the password once, on this terminal only. Exit codes: 0 done, 1 refused or failed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { MachineResetError, resetPasswordOnTheMachine } from "../modules/users/machine-reset.js";
import { openDb, pgliteFolder } from "../platform/db/index.js";

const USAGE = "usage: npm run admin:reset-password [-- --username NAME]";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function usernameArg(argv: string[], fallback: string): string {
  if (argv.length === 0) return fallback;
  const [flag, value, ...rest] = argv;
  if (flag === "--help" || flag === "-h") {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (flag !== "--username" || !value || rest.length > 0) fail(USAGE);
  return value.trim().toLowerCase();
}

function operator() {
  let osUser = "unknown";
  try {
    osUser = os.userInfo().username;
  } catch {
    // a container user without a name
    osUser = String(process.getuid?.() ?? "unknown");
  }
  return { osUser, host: os.hostname() };
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const username = usernameArg(process.argv.slice(2), config.ADMIN_USERNAME);
  if (!config.embeddedIdp)
    fail(
      `The console signs in through ${config.issuer} (OIDC_ISSUER): passwords are kept there, not by the console. Reset the administrator's password in that service.`,
    );
  const where = config.DATABASE_URL ? "the database at DATABASE_URL" : `the embedded database in ${config.dataDir}`;
  // Opening an empty folder would create a database in it: there is nothing to reset there.
  if (!config.DATABASE_URL && !fs.existsSync(path.join(pgliteFolder(config), "PG_VERSION")))
    fail(
      `No console database is in ${config.dataDir}: run this where the console runs, with its DATA_DIR or DATABASE_URL.`,
    );
  let db;
  try {
    db = await openDb(config);
  } catch (err) {
    fail(`Cannot open ${where}: ${(err as Error).message}`);
  }
  let problem: string | null = null;
  try {
    const { password, enabled } = await resetPasswordOnTheMachine(db, username, operator(), config.OIDC_CLIENT_ID);
    // On this terminal only, never through a logger; it is not kept anywhere in clear.
    process.stdout.write(
      [
        "",
        `  The password of ${username} was reset (in ${where}).`,
        `  One-time password: ${password}`,
        `  Sign in with it at ${config.publicUrl}: the console asks for a new password at once.`,
        "  Keep it now; it is not shown again.",
        `  Every session of ${username} has ended${config.DATABASE_URL ? ", on every replica" : ""}.`,
        ...(enabled ? [] : [`  ${username} is disabled: another administrator must enable the account first.`]),
        "",
        "",
      ].join("\n"),
    );
  } catch (err) {
    problem = err instanceof MachineResetError ? err.message : `The password was not reset: ${(err as Error).message}`;
  }
  // Closed before leaving: the embedded database writes its files on close.
  await db.close();
  if (problem) fail(problem);
}

void main();
