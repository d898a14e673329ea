import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { z } from "zod";
import { canonicalJson } from "../../platform/canonical-json.js";

/**
 * A licence file: the licence's fields and an Ed25519 signature over their canonical JSON,
 * made with the vendor's private key. The console holds only the public key.
 */
export const LICENCE_FORMAT = "platform-console-licence/1";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date YYYY-MM-DD" })
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: "must be a real date",
    },
  );

export const LicenceBody = z
  .object({
    serialNumber: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/),
    customer: z.string().trim().min(1).max(200),
    issueDate: day,
    expiryDate: day,
    components: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/))
      .min(1)
      .max(500),
    /** Which vendor key signed it: the first 16 hex digits of the SHA-256 of its public key. */
    keyId: z.string().regex(/^[0-9a-f]{16}$/),
  })
  .strict()
  .refine((l) => l.expiryDate >= l.issueDate, { message: "expires before it is issued" });
export type LicenceBody = z.infer<typeof LicenceBody>;

const LicenceFile = z
  .object({ format: z.literal(LICENCE_FORMAT), licence: z.unknown(), signature: z.string().min(1).max(200) })
  .strict();

export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex").slice(0, 16);
}

/** Reads a public key given as PEM (real or \n-escaped newlines) or as one line of base64 SPKI. */
export function parsePublicKey(text: string): KeyObject {
  const t = text.trim().replace(/\\n/g, "\n");
  const key = t.startsWith("-----BEGIN")
    ? createPublicKey(t)
    : createPublicKey({ key: Buffer.from(t, "base64"), format: "der", type: "spki" });
  if (key.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 key");
  return key;
}

export function isEd25519PublicKey(text: string): boolean {
  try {
    parsePublicKey(text);
    return true;
  } catch {
    return false;
  }
}

/** A new vendor key pair, as PEM for the private key and one-line base64 SPKI for the public key. */
export function generateVendorKeys(): { privateKeyPem: string; publicKey: string; keyId: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    keyId: keyIdOf(publicKey),
  };
}

/** The licence file's text, signed with the vendor's private key (PEM). */
export function signLicence(fields: Omit<LicenceBody, "keyId">, privateKeyPem: string): string {
  const privateKey = createPrivateKey(privateKeyPem);
  const licence: LicenceBody = { ...fields, keyId: keyIdOf(createPublicKey(privateKey)) };
  const parsed = LicenceBody.safeParse(licence);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`licence ${issue.path.join(".") || "fields"}: ${issue.message}`);
  }
  const signature = sign(null, Buffer.from(canonicalJson(licence)), privateKey).toString("base64");
  return `${JSON.stringify({ format: LICENCE_FORMAT, licence, signature }, null, 2)}\n`;
}

export type LicenceProblem = "notALicence" | "foreignKey" | "altered";

export class LicenceRejected extends Error {
  constructor(
    readonly problem: LicenceProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Checks a licence file's form and signature; its dates are the caller's to judge. */
export function readLicence(text: string, publicKey: KeyObject): LicenceBody {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new LicenceRejected("notALicence", "This file is not a Platform Console licence.");
  }
  const file = LicenceFile.safeParse(doc);
  if (!file.success) throw new LicenceRejected("notALicence", "This file is not a Platform Console licence.");
  const body = LicenceBody.safeParse(file.data.licence);
  if (!body.success)
    throw new LicenceRejected(
      "altered",
      "This licence file was altered after it was signed; ask the vendor for a fresh copy.",
    );
  if (body.data.keyId !== keyIdOf(publicKey))
    throw new LicenceRejected(
      "foreignKey",
      "This licence was signed by a different vendor key, so it is not valid for this console.",
    );
  let ok = false;
  try {
    ok = verify(null, Buffer.from(canonicalJson(body.data)), publicKey, Buffer.from(file.data.signature, "base64"));
  } catch {
    ok = false;
  }
  if (!ok)
    throw new LicenceRejected(
      "altered",
      "This licence file was altered after it was signed; ask the vendor for a fresh copy.",
    );
  return body.data;
}

/** Today's date in UTC as YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whole days from `today` to `expiryDate` (0 on the day itself, negative once past). */
export function daysBetween(today: string, expiryDate: string): number {
  return Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A licence day (YYYY-MM-DD, UTC) as the console writes dates: DD-MM-YYYY (docs/ui.md). */
export function consoleDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}-${m}-${y}`;
}
