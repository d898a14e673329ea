import {
  Client,
  escapeFilter,
  InsufficientAccessError,
  InvalidCredentialsError,
  NoSuchObjectError,
  type Entry,
} from "ldapts";
import { countExternalError } from "../../platform/metrics.js";
import type { LdapSettings } from "./ldap-settings.js";

/** The directory could not be read; `message` is the sentence shown on the failed job. */
export class DirectoryError extends Error {}

export interface DirectoryUser {
  dn: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  externalId: string | null;
}

export interface DirectoryGroup {
  dn: string;
  name: string;
  externalId: string | null;
  /** Raw member values: DNs (member, uniqueMember) or usernames (memberUid). */
  members: string[];
}

const ID_ATTRIBUTES = ["entryUUID", "objectGUID"];

function connectionProblem(err: unknown, url: string, timeoutMs: number): string | null {
  const e = err as { code?: string; message?: string };
  const code = e.code ?? "";
  if (["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "ECONNRESET", "EAI_AGAIN"].includes(code))
    return `The directory at ${url} cannot be reached (${code}).`;
  // ldapts says "Operation timed out" for a request and "Connection timeout" for the connect.
  if (/time(d)? ?out/i.test(e.message ?? "")) return `The directory at ${url} did not answer within ${timeoutMs} ms.`;
  if (/certificate|self.signed|CERT_|TLS/i.test(`${code} ${e.message ?? ""}`))
    return `The TLS connection to the directory at ${url} failed: ${e.message}.`;
  return null;
}

function describe(err: unknown, settings: LdapSettings, doing: string): DirectoryError {
  if (err instanceof DirectoryError) return err;
  countExternalError("ldap");
  const reach = connectionProblem(err, settings.url, settings.timeoutMs);
  if (reach) return new DirectoryError(reach);
  if (err instanceof InvalidCredentialsError)
    return new DirectoryError(
      `The directory refused the bind of ${settings.bindDn ?? "(anonymous)"}: invalid credentials.`,
    );
  if (err instanceof InsufficientAccessError)
    return new DirectoryError(`The directory refused to let ${settings.bindDn ?? "an anonymous bind"} ${doing}.`);
  if (err instanceof NoSuchObjectError)
    return new DirectoryError(`The directory has no entry at the base to ${doing}.`);
  // ldapts rejects what is pending when the server (or something in between) drops the connection.
  if (/connection closed/i.test((err as Error).message ?? ""))
    return new DirectoryError(
      `The directory at ${settings.url} closed the connection while the console was trying to ${doing}; nothing was changed.`,
    );
  // Result code 10: the entries are held by another server. Referrals are not followed.
  if ((err as { code?: unknown }).code === 10)
    return new DirectoryError(
      `The directory referred the console to another server to ${doing}; referrals are not followed, so point LDAP_URL and the base at the server that holds the entries.`,
    );
  return new DirectoryError(`The directory answered an error while trying to ${doing}: ${(err as Error).message}`);
}

/** An entry's attribute, looked up without regard to case, as a list of strings. */
function values(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const raw = key ? entry[key] : undefined;
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString("hex") : String(v)));
}

const first = (entry: Entry, name: string) => values(entry, name)[0] ?? "";

function externalId(entry: Entry): string | null {
  for (const a of ID_ATTRIBUTES) {
    const v = first(entry, a);
    if (v) return v;
  }
  return null;
}

function newClient(settings: LdapSettings): Client {
  return new Client({
    url: settings.url,
    timeout: settings.timeoutMs,
    connectTimeout: settings.timeoutMs,
    // ldapts speaks TLS from the start whenever TLS options are given: only for ldaps://.
    ...(settings.url.startsWith("ldaps://") ? { tlsOptions: settings.tls } : {}),
    strictDN: false,
  });
}

async function open(settings: LdapSettings, bindDn: string | null, password: string | null): Promise<Client> {
  const client = newClient(settings);
  try {
    if (settings.startTls) await client.startTLS(settings.tls);
    if (bindDn) await client.bind(bindDn, password ?? "");
    return client;
  } catch (err) {
    await client.unbind().catch(() => undefined);
    throw err;
  }
}

/**
 * Active Directory returns at most 1500 values of a large attribute at once, under a name
 * such as `member;range=0-1499`; the rest is read with further requests for the next range.
 */
async function allMembers(client: Client, entry: Entry, attr: string): Promise<string[]> {
  const direct = values(entry, attr);
  const rangedKey = Object.keys(entry).find((k) => k.toLowerCase().startsWith(`${attr.toLowerCase()};range=`));
  if (!rangedKey) return direct;
  const out = [...direct, ...values(entry, rangedKey)];
  let end = rangedKey.split("=")[1]!.split("-")[1]!;
  while (end !== "*") {
    const next = Number(end) + 1;
    const { searchEntries } = await client.search(entry.dn, {
      scope: "base",
      attributes: [`${attr};range=${next}-*`],
    });
    const e = searchEntries[0];
    const key = e && Object.keys(e).find((k) => k.toLowerCase().startsWith(`${attr.toLowerCase()};range=`));
    if (!e || !key) break;
    out.push(...values(e, key));
    end = key.split("=")[1]!.split("-")[1]!;
  }
  return out;
}

/** Reads every user and group the configured filters select, page by page. Changes nothing. */
export async function readDirectory(
  settings: LdapSettings,
): Promise<{ users: DirectoryUser[]; groups: DirectoryGroup[] }> {
  let client: Client;
  try {
    client = await open(settings, settings.bindDn, settings.bindPassword);
  } catch (err) {
    throw describe(err, settings, "bind");
  }
  const a = settings.attributes;
  try {
    const users: DirectoryUser[] = [];
    try {
      for await (const page of client.searchPaginated(settings.userBase, {
        scope: "sub",
        filter: settings.userFilter,
        attributes: [a.username, a.firstName, a.lastName, a.email, ...ID_ATTRIBUTES],
        explicitBufferAttributes: ["objectGUID"],
        paged: { pageSize: settings.pageSize },
      }))
        for (const e of page.searchEntries)
          users.push({
            dn: e.dn,
            username: first(e, a.username),
            firstName: first(e, a.firstName),
            lastName: first(e, a.lastName),
            email: first(e, a.email),
            externalId: externalId(e),
          });
    } catch (err) {
      throw describe(err, settings, `list users under ${settings.userBase}`);
    }
    const groups: DirectoryGroup[] = [];
    try {
      for await (const page of client.searchPaginated(settings.groupBase, {
        scope: "sub",
        filter: settings.groupFilter,
        attributes: [a.groupName, a.groupMember, "uniqueMember", "memberUid", ...ID_ATTRIBUTES],
        explicitBufferAttributes: ["objectGUID"],
        paged: { pageSize: settings.pageSize },
      }))
        for (const e of page.searchEntries) {
          const members = [
            ...(await allMembers(client, e, a.groupMember)),
            ...(a.groupMember.toLowerCase() === "member"
              ? [...values(e, "uniqueMember"), ...values(e, "memberUid")]
              : []),
          ];
          groups.push({ dn: e.dn, name: first(e, a.groupName), externalId: externalId(e), members });
        }
    } catch (err) {
      throw describe(err, settings, `list groups under ${settings.groupBase}`);
    }
    return { users, groups };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Checks a directory user's password with a bind as that user: the service account finds
 * the user's DN, then a second connection binds with it. False for a wrong password.
 */
export async function bindAsUser(settings: LdapSettings, username: string, password: string): Promise<boolean> {
  // An empty password would be an unauthenticated bind, which directories accept.
  if (!password) return false;
  let dn: string | undefined;
  let service: Client | undefined;
  try {
    service = await open(settings, settings.bindDn, settings.bindPassword);
    const filter = `(&${settings.userFilter}${escapeFilter`(${settings.attributes.username}=${username})`})`;
    const { searchEntries } = await service.search(settings.userBase, { scope: "sub", filter, attributes: ["1.1"] });
    dn = searchEntries.length === 1 ? searchEntries[0]!.dn : undefined;
  } catch (err) {
    throw describe(err, settings, "find the user");
  } finally {
    await service?.unbind().catch(() => undefined);
  }
  if (!dn) return false;
  let user: Client | undefined;
  try {
    user = await open(settings, dn, password);
    return true;
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return false;
    throw describe(err, settings, "check the password");
  } finally {
    await user?.unbind().catch(() => undefined);
  }
}
