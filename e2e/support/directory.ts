import { seedLdif, startSlapd, type RunningSlapd } from "../../apps/server/test/support/slapd.js";

/** The LDAP directory the browser suite's console syncs from (a real slapd). */
export const DIRECTORY_USERS = [
  { uid: "ldap-lena", givenName: "Lena", sn: "Directory" },
  { uid: "ldap-omar", givenName: "Omar", sn: "Directory" },
];
export const DIRECTORY_GROUPS = [{ cn: "ldap-analysts", members: ["ldap-lena", "ldap-omar"] }];

export async function startDirectory(): Promise<RunningSlapd> {
  return startSlapd(seedLdif(DIRECTORY_USERS, DIRECTORY_GROUPS));
}
