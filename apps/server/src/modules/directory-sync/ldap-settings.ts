import fs from "node:fs";
import type { ConnectionOptions } from "node:tls";
import type { Config } from "../../config.js";

export interface LdapSettings {
  url: string;
  bindDn: string | null;
  bindPassword: string | null;
  userBase: string;
  userFilter: string;
  groupBase: string;
  groupFilter: string;
  attributes: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    groupName: string;
    groupMember: string;
  };
  startTls: boolean;
  tls: ConnectionOptions;
  timeoutMs: number;
  pageSize: number;
}

/** The directory's settings from the environment, or null when no directory is configured. */
export function ldapSettings(config: Config): LdapSettings | null {
  if (!config.LDAP_URL) return null;
  const fail = (msg: string) => {
    throw new Error(`Invalid configuration: ${msg}`);
  };
  if (!config.LDAP_USER_BASE) fail("LDAP_USER_BASE is required when LDAP_URL is set");
  if (!!config.LDAP_BIND_DN !== !!config.LDAP_BIND_PASSWORD)
    fail("LDAP_BIND_DN and LDAP_BIND_PASSWORD must be set together");
  let ca: Buffer | undefined;
  if (config.LDAP_TLS_CA_FILE) {
    try {
      ca = fs.readFileSync(config.LDAP_TLS_CA_FILE);
    } catch (err) {
      fail(`LDAP_TLS_CA_FILE cannot be read: ${(err as Error).message}`);
    }
  }
  return {
    url: config.LDAP_URL.replace(/\/$/, ""),
    bindDn: config.LDAP_BIND_DN ?? null,
    bindPassword: config.LDAP_BIND_PASSWORD ?? null,
    userBase: config.LDAP_USER_BASE!,
    userFilter: config.LDAP_USER_FILTER ?? "(objectClass=inetOrgPerson)",
    groupBase: config.LDAP_GROUP_BASE ?? config.LDAP_USER_BASE!,
    groupFilter:
      config.LDAP_GROUP_FILTER ??
      "(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=posixGroup))",
    attributes: {
      username: config.LDAP_USERNAME_ATTRIBUTE,
      firstName: config.LDAP_FIRST_NAME_ATTRIBUTE,
      lastName: config.LDAP_LAST_NAME_ATTRIBUTE,
      email: config.LDAP_EMAIL_ATTRIBUTE,
      groupName: config.LDAP_GROUP_NAME_ATTRIBUTE,
      groupMember: config.LDAP_GROUP_MEMBER_ATTRIBUTE,
    },
    startTls: config.LDAP_STARTTLS,
    tls: { ca, rejectUnauthorized: config.LDAP_TLS_REJECT_UNAUTHORIZED },
    timeoutMs: config.LDAP_TIMEOUT_MS,
    pageSize: config.LDAP_PAGE_SIZE,
  };
}
