import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.js";

/**
 * Ingest tokens shared by the sandbox's event generators and the console: the configured
 * ones when set, else tokens generated once and kept in the data folder. Sets them on the
 * config, so the ingest endpoints accept exactly what the generators send.
 */
export function sandboxIngestTokens(config: Config): Record<string, string> {
  const file = path.join(config.dataDir, "ingest-tokens.json");
  let kept: Record<string, string> = {};
  try {
    kept = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    kept = {};
  }
  const make = () => randomBytes(24).toString("base64url");
  const tokens = {
    trino: config.TRINO_INGEST_TOKEN ?? kept.trino ?? make(),
    minio: config.MINIO_AUDIT_TOKEN ?? kept.minio ?? make(),
  };
  if (tokens.trino !== kept.trino || tokens.minio !== kept.minio) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(tokens), { mode: 0o600 });
  }
  config.TRINO_INGEST_TOKEN = tokens.trino;
  config.MINIO_AUDIT_TOKEN = tokens.minio;
  return tokens;
}
