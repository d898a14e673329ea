import fs from "node:fs";
import { NOTEBOOK_SANDBOX_TOKEN } from "@console/sandbox";
import { loggerOptions } from "../../src/app.js";
import { ADMIN_PASSWORD } from "./app.js";
import { USER_PASSWORD } from "./seed.js";
import { ROOT_PASSWORD, SERVICE_PASSWORD } from "./slapd.js";

/**
 * The server log of the tests, for the scan that proves no secret reaches it. With
 * TEST_LOG_FILE set, every app the tests build logs there (at debug level, with the same
 * redaction as production); `npm run test:logscan` then scans the file.
 */
export function testLogger(file = process.env.TEST_LOG_FILE): object | false {
  if (!file) return false;
  return { ...loggerOptions("debug"), stream: { write: (line: string) => fs.appendFileSync(file, line) } };
}

/** Secret values the test suite uses: passwords, tokens, secret-screen values. */
export const knownSecrets = () => [
  ADMIN_PASSWORD,
  USER_PASSWORD,
  ROOT_PASSWORD,
  SERVICE_PASSWORD,
  NOTEBOOK_SANDBOX_TOKEN,
  "Sup3r-s3cret-value-do-not-leak",
];

const PATTERNS: Array<[string, RegExp]> = [
  ["a JSON Web Token", /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/],
  ["a bearer credential", /Bearer\s+[\w.~+/-]{16,}/],
  ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ["a password field", /"(password|client_secret|secret)"\s*:\s*"(?!\[redacted\])[^"]+"/i],
];

/** What in `text` looks like a secret: known values and well-known shapes. */
export function findSecrets(text: string, extra: string[] = []): string[] {
  const found: string[] = [];
  for (const value of [...knownSecrets(), ...extra])
    if (value && text.includes(value)) found.push(`the value ${value}`);
  for (const [what, re] of PATTERNS) {
    const m = re.exec(text);
    if (m) found.push(`${what}: ${m[0].slice(0, 40)}…`);
  }
  return found;
}
