import type { DirectoryGroup, DirectoryUser } from "./ldap-client.js";

export interface PlannedUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  externalId: string | null;
  dn: string;
}

export interface PlannedGroup {
  name: string;
  externalId: string | null;
  dn: string;
  /** Usernames of the members, nested groups expanded. */
  members: string[];
}

export interface SyncPlan {
  users: PlannedUser[];
  groups: PlannedGroup[];
  /** Entries left out, with the reason, for the job's message. */
  skipped: string[];
}

/** Comparable form of a DN: lower case, no spaces around separators. */
export function normaliseDn(dn: string): string {
  return dn
    .trim()
    .toLowerCase()
    .replace(/\s*([,=+])\s*/g, "$1");
}

// The console's user and group names: no separators Trino's group file or the UI cannot hold.
const USERNAME_OK = /^[^\s:,/\\\p{Cc}][^\s:,\\\p{Cc}]{0,254}$/u;
const GROUP_OK = /^[^:,\p{Cc}]{1,255}$/u;
const clip = (s: string, n: number) => s.trim().slice(0, n);

/**
 * Turns what the directory returned into what the console stores: valid, unique names,
 * and group members as usernames (members that are groups contribute their own members).
 */
export function planSync(dirUsers: DirectoryUser[], dirGroups: DirectoryGroup[]): SyncPlan {
  const skipped: string[] = [];
  const users = new Map<string, PlannedUser>();
  const byDn = new Map<string, string>();
  for (const u of dirUsers) {
    const username = u.username.trim().toLowerCase();
    if (!USERNAME_OK.test(username)) {
      skipped.push(`user ${u.dn}: no valid username`);
      continue;
    }
    if (users.has(username)) {
      skipped.push(`user ${u.dn}: username ${username} is used by another entry`);
      continue;
    }
    users.set(username, {
      username,
      firstName: clip(u.firstName, 255),
      lastName: clip(u.lastName, 255),
      email: clip(u.email, 255),
      externalId: u.externalId,
      dn: u.dn,
    });
    byDn.set(normaliseDn(u.dn), username);
  }

  const groupsByDn = new Map<string, DirectoryGroup>();
  const accepted: DirectoryGroup[] = [];
  const seen = new Set<string>();
  for (const g of dirGroups) {
    const name = g.name.trim();
    if (!GROUP_OK.test(name)) {
      skipped.push(`group ${g.dn}: no valid name`);
      continue;
    }
    if (seen.has(name.toLowerCase())) {
      skipped.push(`group ${g.dn}: name ${name} is used by another entry`);
      continue;
    }
    seen.add(name.toLowerCase());
    const group = { ...g, name };
    groupsByDn.set(normaliseDn(g.dn), group);
    accepted.push(group);
  }

  // Members of a group, nested groups expanded. A result is remembered only when its
  // expansion met no cycle: inside a cycle the answer depends on where the walk started.
  const memo = new Map<string, Set<string>>();
  const membersOf = (g: DirectoryGroup, path: Set<string>): { members: Set<string>; cyclic: boolean } => {
    const key = normaliseDn(g.dn);
    const cached = memo.get(key);
    if (cached) return { members: cached, cyclic: false };
    const out = new Set<string>();
    let cyclic = false;
    path.add(key);
    for (const raw of g.members) {
      const value = raw.trim();
      if (!value) continue;
      if (!value.includes("=")) {
        // memberUid holds usernames.
        const name = value.toLowerCase();
        if (users.has(name)) out.add(name);
        continue;
      }
      const dn = normaliseDn(value);
      const user = byDn.get(dn);
      if (user) out.add(user);
      const nested = groupsByDn.get(dn);
      if (!nested) continue;
      if (path.has(dn)) {
        cyclic = true;
        continue;
      }
      const inner = membersOf(nested, path);
      cyclic ||= inner.cyclic;
      for (const m of inner.members) out.add(m);
    }
    path.delete(key);
    if (!cyclic) memo.set(key, out);
    return { members: out, cyclic };
  };

  const groups = accepted.map((g) => ({
    name: g.name,
    externalId: g.externalId,
    dn: g.dn,
    members: [...membersOf(g, new Set()).members].sort(),
  }));
  return { users: [...users.values()], groups, skipped };
}
