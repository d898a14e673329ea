import type { Sections } from "./compiled.js";
import type { Identity, Trace } from "./decide.js";
import { javaRegex } from "./java-regex.js";
import { javaReplaceAll, javaReplacement } from "./java-replace.js";

/**
 * The identity-level checks of FileBasedSystemAccessControl: queries (canAccessQuery),
 * impersonation, principals (checkCanSetUser), system information, and the authorization rules
 * (checkCanSetAuthorization).
 */

/** Trino fails the query rather than deciding: the answer is a denial that says why. */
export class EvaluationError extends Error {}

export function canAccessQuery(
  s: Sections,
  id: Identity,
  owner: string | null,
  mode: "execute" | "view" | "kill",
  trace: Trace,
): boolean {
  if (!s.queries) {
    trace?.push({
      section: "queries",
      origin: { kind: "default", default: "absent" },
      text: "no query rules: every query may be run, viewed and killed",
    });
    return true;
  }
  for (const r of s.queries) {
    const ownerMatches = owner === null ? r.owner === null : r.owner === null || r.owner.test(owner, id.user);
    if (r.who.matches(id) && ownerMatches) {
      trace?.push({
        section: "queries",
        origin: r.origin,
        text: `rule ${r.order + 1} of queries allows ${[...r.allow].join(", ") || "nothing"}`,
      });
      return r.allow.has(mode);
    }
  }
  trace?.push({
    section: "queries",
    origin: { kind: "default", default: "no rule matched" },
    text: "no query rule matched",
  });
  return false;
}

export function canReadWriteSystemInformation(
  s: Sections,
  id: Identity,
  mode: "read" | "write",
  trace: Trace,
): boolean {
  for (const r of s.systemInformation) {
    if (r.user.test(id.user, id.user) && (r.role === null || id.roles.some((x) => r.role!.test(x, id.user)))) {
      trace?.push({
        section: "system_information",
        origin: r.origin,
        text: `rule ${r.order + 1} of system_information allows ${[...r.allow].join(", ") || "nothing"}`,
      });
      return r.allow.has(mode);
    }
  }
  trace?.push({
    section: "system_information",
    origin: { kind: "default", default: s.systemInformation.length === 0 ? "absent" : "no rule matched" },
    text: "system information is denied unless a rule allows it",
  });
  return false;
}

/** ImpersonationRule.match: `$n` in new_user refers to groups of original_user (Matcher.appendReplacement). */
export function canImpersonate(s: Sections, id: Identity, newUser: string, trace: Trace): boolean {
  if (!s.impersonation) {
    const allowed = s.principals !== undefined;
    trace?.push({
      section: "impersonation",
      origin: { kind: "default", default: "absent" },
      text: allowed
        ? "no impersonation rules, but principal rules exist: impersonation is left to them and allowed"
        : "no impersonation or principal rules: impersonation is denied",
    });
    return allowed;
  }
  for (const r of s.impersonation) {
    let pattern = r.newUser;
    let originalMatches = true;
    if (r.original && r.originalRaw !== undefined) {
      const original = javaRegex(r.originalRaw);
      const m = original.ok ? original.regex.exec(id.user) : null;
      originalMatches = m !== null;
      if (m && original.ok) {
        try {
          pattern = javaReplacement(m, original.groups, r.newUser);
        } catch (e) {
          throw new EvaluationError(
            e instanceof RangeError
              ? `rule ${r.order + 1} of impersonation: new_user refers to a capturing group that does not exist in original_user`
              : `rule ${r.order + 1} of impersonation: new_user is not a valid replacement (${(e as Error).message})`,
          );
        }
      }
    }
    const roleMatches = r.role === null || id.roles.some((x) => r.role!.test(x, id.user));
    if (!originalMatches || !roleMatches) continue;
    const target = javaRegex(pattern);
    if (!target.ok)
      throw new EvaluationError(
        `rule ${r.order + 1} of impersonation: new_user becomes ${JSON.stringify(pattern)}, which ${target.message}`,
      );
    if (target.test(newUser)) {
      trace?.push({
        section: "impersonation",
        origin: r.origin,
        text: `rule ${r.order + 1} of impersonation ${r.allow ? "allows" : "denies"} impersonating ${newUser}`,
      });
      return r.allow;
    }
  }
  trace?.push({
    section: "impersonation",
    origin: { kind: "default", default: "no rule matched" },
    text: "no impersonation rule matched",
  });
  return false;
}

/** checkCanSetUser with the principal rules (deprecated in Trino, still decided). */
export function canSetUser(s: Sections, principal: string | undefined, user: string, trace: Trace): boolean {
  if (!s.principals) {
    trace?.push({
      section: "principals",
      origin: { kind: "default", default: "absent" },
      text: "no principal rules: no check",
    });
    return true;
  }
  if (principal === undefined) {
    trace?.push({
      section: "principals",
      origin: { kind: "default", default: "no rule matched" },
      text: "principal rules exist and there is no principal",
    });
    return false;
  }
  for (const r of s.principals) {
    const p = javaRegex(r.principal);
    if (!p.ok || !p.test(principal)) continue;
    let decided = r.user !== null && r.user.test(user, user);
    if (!decided && r.toUser !== null) {
      let extracted: string;
      try {
        extracted = javaReplaceAll(r.principal, principal, r.toUser);
      } catch (e) {
        throw new EvaluationError(
          `rule ${r.order + 1} of principals: principal_to_user cannot be applied (${(e as Error).message})`,
        );
      }
      decided = extracted === user;
    }
    if (decided) {
      trace?.push({
        section: "principals",
        origin: r.origin,
        text: `rule ${r.order + 1} of principals ${r.allow ? "allows" : "denies"} ${principal} as ${user}`,
      });
      return r.allow;
    }
  }
  trace?.push({
    section: "principals",
    origin: { kind: "default", default: "no rule matched" },
    text: "no principal rule matched",
  });
  return false;
}

/** The authorization rules: may the new owner of a schema, table or view be this user or role. */
export function canSetAuthorization(
  s: Sections,
  id: Identity,
  grantee: { type: "USER" | "ROLE"; name: string },
  trace: Trace,
): boolean {
  for (const r of s.authorization) {
    const target = grantee.type === "USER" ? r.newUser : r.newRole;
    if (
      r.user.test(id.user, id.user) &&
      (r.group === null || id.groups.some((g) => r.group!.test(g, id.user))) &&
      (r.role === null || id.roles.some((x) => r.role!.test(x, id.user))) &&
      target !== null &&
      target.test(grantee.name, id.user)
    ) {
      trace?.push({
        section: "authorization",
        origin: r.origin,
        text: `rule ${r.order + 1} of authorization ${r.allow ? "allows" : "denies"} ${grantee.type} ${grantee.name} as owner`,
      });
      return r.allow;
    }
  }
  trace?.push({
    section: "authorization",
    origin: { kind: "default", default: s.authorization.length === 0 ? "absent" : "no rule matched" },
    text: "changing an owner is denied unless an authorization rule allows it",
  });
  return false;
}
