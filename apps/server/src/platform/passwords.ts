import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { dictionary } from "@zxcvbn-ts/language-common";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash`, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...PARAMS, maxmem: MAXMEM });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Unknown users still pay for one hash, so timing does not tell which names exist.
  const [kind, n, r, p, salt, hash] = (stored ?? DUMMY).split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return stored !== null && timingSafeEqual(key, expected);
}

const DUMMY = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${"A".repeat(22)}$${"A".repeat(43)}`;

/** A strong generated password: 24 characters from a 62-letter alphabet (~143 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(48);
  let out = "";
  for (const b of bytes) {
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
    if (out.length === 24) break;
  }
  return out;
}

/**
 * The most common passwords (about 49,000, from leaked-password lists) as zxcvbn-ts keeps and
 * maintains them, lower case. Loaded on first use: it takes a few megabytes.
 */
let common: Set<string> | null = null;

/**
 * Whether the password is a common one, ignoring case, or a common one with only digits and
 * symbols added at its end ("Password123!"), the usual way people meet length and mix rules.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^a-z]+$/, "");
  return common.has(lower) || (stem.length >= 4 && common.has(stem));
}

/** Rules for a password a person chooses. Returns the problem, or null when it is fine. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < 12) return "Password must be at least 12 characters.";
  if (password.length > 256) return "Password must be at most 256 characters.";
  if (password.toLowerCase().includes(username.toLowerCase())) return "Password must not contain the username.";
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) return "Password must mix at least three of: lower case, upper case, digits, symbols.";
  if (isCommonPassword(password)) return "Password is too common; choose one that is not on lists of leaked passwords.";
  return null;
}
