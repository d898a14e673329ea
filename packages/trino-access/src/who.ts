import type { Matcher } from "./pattern.js";

/** Who asks: the identity of a check. */
export interface Identity {
  user: string;
  groups: readonly string[];
  /** Enabled roles; the OPA input has none, so `role` patterns match only when roles are given. */
  roles: readonly string[];
  /** The authenticated principal, for the principal rules. */
  principal?: string;
}

/** A rule's principal patterns; `who` matches them (one class, so the check's code stays monomorphic). */
export interface Who {
  readonly user: Matcher;
  readonly role: Matcher | null;
  readonly group: Matcher | null;
  readonly who: Principal;
  /** The one user name the rule names (without group or role), or null: most candidates are rejected on it alone. */
  readonly exactUser: string | null;
}

export class Principal {
  constructor(
    readonly user: Matcher,
    readonly role: Matcher | null,
    readonly group: Matcher | null,
  ) {}

  matches(id: Identity): boolean {
    return (
      this.user.test(id.user, id.user) &&
      (this.role === null || anyOf(this.role, id.roles, id.user)) &&
      (this.group === null || anyOf(this.group, id.groups, id.user))
    );
  }
}

function anyOf(m: Matcher, values: readonly string[], user: string): boolean {
  for (const v of values) if (m.test(v, user)) return true;
  return false;
}
