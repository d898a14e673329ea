// Scans a server log written by the test suite (TEST_LOG_FILE) for secret values: the
// suite's passwords and tokens, secret-screen values, JSON Web Tokens, bearer credentials,
// private keys and unredacted password fields. `npm run test:logscan` runs the unit and API
// suite with its log in .tmp/test-server.log, then this scan. Exits 1 on any finding.
import fs from "node:fs";
import { findSecrets } from "../../apps/server/test/support/log-scan.ts";

const file = process.argv[2] ?? ".tmp/test-server.log";
if (!fs.existsSync(file)) {
  console.error(`no log at ${file}: run the tests with TEST_LOG_FILE=${file}`);
  process.exit(1);
}
const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
const findings = [];
for (const [i, line] of lines.entries()) for (const f of findSecrets(line)) findings.push(`line ${i + 1}: ${f}`);
const requests = lines.filter((l) => l.includes('"msg":"request"')).length;
console.log(`log scan: ${lines.length} lines (${requests} request lines) in ${file}; findings: ${findings.length}`);
if (lines.length === 0) {
  console.error("the log is empty: nothing was scanned");
  process.exit(1);
}
if (findings.length) {
  console.error(findings.slice(0, 50).join("\n"));
  process.exit(1);
}
