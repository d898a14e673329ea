import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";
import type { Queryable } from "./db/index.js";

/** Where the digest of the generated token is kept: in the database, so every replica checks the same one. */
const SETTING = "trino.rules-token";

const digest = (s: string) => createHash("sha256").update(s).digest();

type TokenConfig = Pick<Config, "TRINO_RULES_TOKEN" | "TRINO_RULES_ANONYMOUS">;

/**
 * With the sandbox, its Trino needs the token itself at every start: the configured one, else
 * one generated once and kept in the data folder (as the ingest tokens are). Sets it on the
 * config; null when anonymity is turned on.
 */
export function sandboxRulesToken(config: Config): string | null {
  if (config.TRINO_RULES_ANONYMOUS) return null;
  const file = path.join(config.dataDir, "trino-rules-token");
  let kept: string | null = null;
  try {
    kept = fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    kept = null;
  }
  const token = config.TRINO_RULES_TOKEN ?? kept ?? randomBytes(24).toString("base64url");
  if (token !== kept) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, token, { mode: 0o600 });
  }
  config.TRINO_RULES_TOKEN = token;
  return token;
}

/**
 * At start: when neither TRINO_RULES_TOKEN nor TRINO_RULES_ANONYMOUS is set and no token was
 * generated before, generates one and keeps only its digest. Returns the token when it was
 * generated now, to be shown once to the operator; it cannot be read back afterwards.
 */
export async function ensureTrinoRulesToken(db: Queryable, config: TokenConfig): Promise<string | null> {
  if (config.TRINO_RULES_TOKEN || config.TRINO_RULES_ANONYMOUS) return null;
  const token = randomBytes(24).toString("base64url");
  // Of replicas starting together, only the first insert counts; the others check its token.
  const { rowCount } = await db.query(
    "INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
    [SETTING, JSON.stringify({ sha256: digest(token).toString("base64") })],
  );
  return rowCount ? token : null;
}

/**
 * Whether a caller of the rules and group file URLs holds the token: the configured one, else
 * the generated one; always true when anonymity is turned on explicitly.
 */
export function trinoRulesGuard(db: Queryable, config: TokenConfig): (given: string | undefined) => Promise<boolean> {
  let expected: Promise<Buffer | null> | null = null;
  const load = async () => {
    if (config.TRINO_RULES_TOKEN) return digest(config.TRINO_RULES_TOKEN);
    const { rows } = await db.query<{ value: { sha256: string } }>("SELECT value FROM app_settings WHERE key = $1", [
      SETTING,
    ]);
    return rows[0] ? Buffer.from(rows[0].value.sha256, "base64") : null;
  };
  return async (given) => {
    if (config.TRINO_RULES_ANONYMOUS) return true;
    if (!given) return false;
    expected ??= load().catch((err: unknown) => {
      expected = null;
      throw err;
    });
    const want = await expected;
    // Digests of equal length: the comparison takes the same time whatever was sent.
    return want !== null && timingSafeEqual(digest(given), want);
  };
}
