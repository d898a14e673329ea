import type { Config } from "../config.js";
import type { Db } from "../platform/db/index.js";
import { verifyPassword } from "../platform/passwords.js";

export interface LoginEvent {
  username: string;
  ipAddress: string | null;
  type: "LOGIN" | "LOGIN_ERROR" | "LOGOUT" | "UPDATE_PASSWORD" | "UPDATE_PASSWORD_ERROR";
  clientId: string | null;
  error?: string | null;
  details?: Record<string, unknown>;
}

export async function recordLoginEvent(db: Db, e: LoginEvent): Promise<void> {
  await db.query(
    "INSERT INTO login_events (username, ip_address, type, client_id, error, details) VALUES ($1,$2,$3,$4,$5,$6)",
    [e.username.slice(0, 255), e.ipAddress, e.type, e.clientId, e.error ?? null, JSON.stringify(e.details ?? {})],
  );
}

/** Checks a password against an external directory (LDAP bind) for users synced from it. */
export type DirectoryAuthenticator = (username: string, password: string) => Promise<boolean>;

export type CredentialResult =
  | { ok: true; userId: string; mustChangePassword: boolean }
  | { ok: false; reason: "invalid" | "disabled" | "locked"; message: string; retryAfterSeconds?: number };

interface UserRow {
  id: string;
  enabled: boolean;
  password_hash: string | null;
  password_must_change: boolean;
  source: string;
}

const INVALID = "Invalid username or password.";

/**
 * Checks a sign-in. Repeated failures for one name from one client address lock that name for
 * that address only (in the database, so every replica sees it): whoever guesses from one
 * address cannot lock the real user out of another, and names that do not exist are counted
 * the same way, so the answers do not tell which names exist.
 */
export class CredentialChecker {
  directoryAuth: DirectoryAuthenticator | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, "LOGIN_MAX_FAILURES" | "LOGIN_LOCK_MINUTES">,
  ) {}

  private lockedMessage(until: number): { message: string; retryAfterSeconds: number } {
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return {
      message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds: seconds,
    };
  }

  async check(usernameInput: string, password: string, ipAddress: string): Promise<CredentialResult> {
    const username = usernameInput.trim().toLowerCase();
    const [locks, users] = await Promise.all([
      this.db.query<{ locked_until: Date }>(
        "SELECT locked_until FROM login_failures WHERE username = $1 AND ip_address = $2 AND locked_until > now()",
        [username, ipAddress],
      ),
      this.db.query<UserRow>(
        "SELECT id, enabled, password_hash, password_must_change, source FROM users WHERE username = $1",
        [username],
      ),
    ]);
    if (locks.rows[0])
      return { ok: false, reason: "locked", ...this.lockedMessage(new Date(locks.rows[0].locked_until).getTime()) };
    const user = users.rows[0];
    const valid = !user
      ? await verifyPassword(password, null)
      : user.source !== "local" && this.directoryAuth
        ? await this.directoryAuth(username, password)
        : await verifyPassword(password, user.password_hash);
    // A disabled account with a wrong password answers as any wrong password does.
    if (!user || !valid) {
      await this.countFailure(username, ipAddress);
      return { ok: false, reason: "invalid", message: INVALID };
    }
    // A disabled user learns so only after proving the password.
    if (!user.enabled)
      return { ok: false, reason: "disabled", message: "Your account is disabled. Contact an administrator." };
    await this.db.query("DELETE FROM login_failures WHERE username = $1 AND ip_address = $2", [username, ipAddress]);
    return { ok: true, userId: user.id, mustChangePassword: user.password_must_change };
  }

  private async countFailure(username: string, ipAddress: string): Promise<void> {
    // A lock that has run out starts a fresh count.
    const { rows } = await this.db.query<{ failures: number }>(
      `INSERT INTO login_failures (username, ip_address, failures) VALUES ($1, $2, 1)
       ON CONFLICT (username, ip_address) DO UPDATE SET
         failures = CASE WHEN login_failures.locked_until IS NULL THEN login_failures.failures + 1 ELSE 1 END,
         first_at = CASE WHEN login_failures.locked_until IS NULL THEN login_failures.first_at ELSE now() END,
         locked_until = NULL
       RETURNING failures`,
      [username, ipAddress],
    );
    if ((rows[0]?.failures ?? 0) >= this.config.LOGIN_MAX_FAILURES)
      await this.db.query(
        `UPDATE login_failures SET failures = 0, locked_until = now() + make_interval(mins => $3)
          WHERE username = $1 AND ip_address = $2`,
        [username, ipAddress, this.config.LOGIN_LOCK_MINUTES],
      );
  }
}

/** Forgets failures older than a day that hold no lock; called with the provider's purge. */
export async function purgeLoginFailures(db: Db): Promise<void> {
  await db.query(
    "DELETE FROM login_failures WHERE (locked_until IS NULL AND first_at < now() - interval '1 day') OR locked_until < now()",
  );
}
