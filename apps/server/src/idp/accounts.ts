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
  failed_logins: number;
  locked_until: Date | null;
}

const INVALID = "Invalid username or password.";

/**
 * Checks a sign-in. Repeated failures lock the user for a while; failures for names that
 * do not exist are counted in memory so that they are slowed the same way.
 */
export class CredentialChecker {
  private readonly unknownFailures = new Map<string, { count: number; until: number }>();
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

  async check(usernameInput: string, password: string): Promise<CredentialResult> {
    const username = usernameInput.trim().toLowerCase();
    const { rows } = await this.db.query<UserRow>(
      "SELECT id, enabled, password_hash, password_must_change, source, failed_logins, locked_until FROM users WHERE username = $1",
      [username],
    );
    const user = rows[0];
    if (!user) {
      const entry = this.unknownFailures.get(username);
      if (entry && entry.until > Date.now()) return { ok: false, reason: "locked", ...this.lockedMessage(entry.until) };
      await verifyPassword(password, null);
      this.countUnknownFailure(username);
      return { ok: false, reason: "invalid", message: INVALID };
    }
    if (user.locked_until && user.locked_until.getTime() > Date.now())
      return { ok: false, reason: "locked", ...this.lockedMessage(user.locked_until.getTime()) };

    const valid =
      user.source !== "local" && this.directoryAuth
        ? await this.directoryAuth(username, password)
        : await verifyPassword(password, user.password_hash);
    if (!valid) {
      const failures = user.failed_logins + 1;
      const lock = failures >= this.config.LOGIN_MAX_FAILURES;
      await this.db.query("UPDATE users SET failed_logins = $2, locked_until = $3 WHERE id = $1", [
        user.id,
        lock ? 0 : failures,
        lock ? new Date(Date.now() + this.config.LOGIN_LOCK_MINUTES * 60_000) : null,
      ]);
      return { ok: false, reason: "invalid", message: INVALID };
    }
    // A disabled user learns so only after proving the password.
    if (!user.enabled)
      return { ok: false, reason: "disabled", message: "Your account is disabled. Contact an administrator." };
    if (user.failed_logins > 0 || user.locked_until)
      await this.db.query("UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1", [user.id]);
    return { ok: true, userId: user.id, mustChangePassword: user.password_must_change };
  }

  private countUnknownFailure(username: string): void {
    if (this.unknownFailures.size > 10_000) this.unknownFailures.clear();
    const entry = this.unknownFailures.get(username) ?? { count: 0, until: 0 };
    entry.count++;
    if (entry.count >= this.config.LOGIN_MAX_FAILURES) {
      entry.count = 0;
      entry.until = Date.now() + this.config.LOGIN_LOCK_MINUTES * 60_000;
    }
    this.unknownFailures.set(username, entry);
  }
}
