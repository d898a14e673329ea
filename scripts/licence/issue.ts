/**
 * The vendor's licence tool. Creates the Ed25519 key pair and signs licence files; the
 * console is given only the public key (LICENSE_PUBLIC_KEY).
 *
 *   npm run licence:issue -- keygen --out ./vendor-keys
 *   npm run licence:issue -- sign --key ./vendor-keys/licence-signing.key --customer "Acme Ltd" \
 *     --expires 2027-12-31 --components trino,spark-jobs,flink-jobs,debezium --out acme.lic
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateVendorKeys, signLicence, todayUtc } from "../../apps/server/src/modules/licences/format.js";

const USAGE = `Usage:
  npm run licence:issue -- keygen --out <folder>
  npm run licence:issue -- sign --key <private key file> --customer <name> --expires <YYYY-MM-DD>
                              --components <key,key,...> [--issued <YYYY-MM-DD>] [--serial <id>] [--out <file.lic>]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(1);
}

function keygen(args: string[]): void {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  if (!values.out) fail("keygen needs --out <folder>.");
  fs.mkdirSync(values.out, { recursive: true });
  const keys = generateVendorKeys();
  const privateFile = path.join(values.out, "licence-signing.key");
  if (fs.existsSync(privateFile)) fail(`${privateFile} exists already; refusing to overwrite a signing key.`);
  fs.writeFileSync(privateFile, keys.privateKeyPem, { mode: 0o600 });
  fs.writeFileSync(path.join(values.out, "licence-signing.pub"), `${keys.publicKey}\n`);
  process.stdout.write(
    `Private key (keep it with the vendor, never on a console): ${privateFile}\n` +
      `Key id: ${keys.keyId}\n` +
      `Give each console this setting:\n  LICENSE_PUBLIC_KEY=${keys.publicKey}\n`,
  );
}

function sign(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      key: { type: "string" },
      customer: { type: "string" },
      issued: { type: "string" },
      expires: { type: "string" },
      components: { type: "string" },
      serial: { type: "string" },
      out: { type: "string" },
    },
  });
  if (!values.key || !values.customer || !values.expires || !values.components)
    fail("sign needs --key, --customer, --expires and --components.");
  const issueDate = values.issued ?? todayUtc();
  const serialNumber = values.serial ?? `PCL-${issueDate.replaceAll("-", "")}-${Date.now().toString(36).toUpperCase()}`;
  let text: string;
  try {
    text = signLicence(
      {
        serialNumber,
        customer: values.customer,
        issueDate,
        expiryDate: values.expires,
        components: values.components
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean),
      },
      fs.readFileSync(values.key, "utf8"),
    );
  } catch (err) {
    fail(`Cannot sign: ${(err as Error).message}`);
  }
  const out = values.out ?? `${serialNumber}.lic`;
  fs.writeFileSync(out, text);
  process.stdout.write(
    `Licence ${serialNumber} for ${values.customer}, valid ${issueDate} to ${values.expires}: ${out}\n`,
  );
}

const [command, ...rest] = process.argv.slice(2);
if (command === "keygen") keygen(rest);
else if (command === "sign") sign(rest);
else fail(command ? `Unknown command ${command}.` : "Name a command.");
