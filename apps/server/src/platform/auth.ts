import type { FastifyRequest } from "fastify";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from "jose";
import type { Config } from "../config.js";
import type { Principal } from "./access.js";
import type { Directory } from "./directory.js";
import { UpstreamError, unauthorized } from "./errors.js";
import { countExternalError } from "./metrics.js";
import type { SessionState, SessionStates } from "./sessions.js";

type KeySet = ReturnType<typeof createLocalJWKSet>;

const DISCOVERY_TIMEOUT_MS = 5000;
const VERIFIED_CACHE_MAX = 10_000;

interface VerifiedClaims {
  username: string;
  tokenGroups: string[];
  name: string;
  email: string;
  expiresAt: number;
  /** When the token was issued (ms); 0 when it does not say. */
  issuedAt: number;
  /** The embedded provider's session generation and grant (see sessions.ts). */
  generation?: number;
  grant?: string;
}

/** Claims the embedded provider adds to its access tokens (provider.ts). */
export const SESSION_GENERATION_CLAIM = "console_sgen";
export const GRANT_CLAIM = "console_grant";

/**
 * Accepts only bearer tokens signed by the configured issuer for this API (signature
 * through the issuer's JWKS, issuer, audience, expiry), then finds the user behind it.
 */
export class Authenticator {
  private keys: Promise<KeySet> | null = null;
  /**
   * Tokens whose signature was already checked. A signature check costs far more than the
   * rest of a request; expiry is still checked on every use, and the user on every request.
   */
  private readonly verified = new Map<string, VerifiedClaims>();
  /**
   * Checks under way, by token: a page that sends many calls at once with a new token (after
   * sign-in or a refresh) has its signature checked once, not once per call.
   */
  private readonly checking = new Map<string, Promise<VerifiedClaims>>();

  constructor(
    private readonly config: Pick<
      Config,
      "issuer" | "audience" | "embeddedIdp" | "OIDC_USERNAME_CLAIM" | "OIDC_GROUPS_CLAIM"
    >,
    private readonly directory: Directory,
    /** Refuses tokens of sessions that were ended (sign-out, password reset, disable). */
    private readonly sessions: SessionStates,
    /** The embedded provider's public keys, when it is the issuer. */
    private readonly localJwks?: () => Promise<JSONWebKeySet>,
  ) {}

  private keySet(): Promise<KeySet> {
    if (!this.keys) {
      this.keys = (this.config.embeddedIdp && this.localJwks ? this.localKeys() : this.remoteKeys()).catch((err) => {
        this.keys = null;
        throw err;
      });
    }
    return this.keys;
  }

  private async localKeys(): Promise<KeySet> {
    return createLocalJWKSet(await this.localJwks!());
  }

  private async remoteKeys(): Promise<KeySet> {
    const url = `${this.config.issuer}/.well-known/openid-configuration`;
    let doc: { jwks_uri?: string };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      doc = (await res.json()) as { jwks_uri?: string };
    } catch (err) {
      countExternalError("keycloak");
      throw new UpstreamError("The identity provider", (err as Error).message, 503);
    }
    if (!doc.jwks_uri) throw new UpstreamError("The identity provider", "discovery has no jwks_uri");
    return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS }) as KeySet;
  }

  async authenticate(req: FastifyRequest): Promise<Principal> {
    const header = req.headers.authorization;
    if (!header) throw unauthorized("Sign-in required.", "missing bearer token");
    const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header);
    if (!match) throw unauthorized("Sign-in required.", "malformed authorization header");
    return this.verify(match[1]!);
  }

  async verify(token: string): Promise<Principal> {
    let claims = this.verified.get(token);
    if (claims && claims.expiresAt <= Date.now()) {
      this.verified.delete(token);
      claims = undefined;
    }
    claims ??= await this.checkOnce(token);
    const [user, session] = await Promise.all([
      this.directory.find(claims.username),
      this.sessions.get(claims.username),
    ]);
    if (user && !user.enabled)
      throw unauthorized("Your account is disabled. Contact an administrator.", "user disabled");
    const ended = Authenticator.endedBecause(claims, session);
    if (ended) throw unauthorized("Your session has ended. Please sign in again.", ended);
    const groups = [...new Set([...(user?.groups ?? []), ...claims.tokenGroups])];
    return {
      userId: user?.id ?? null,
      username: claims.username,
      name: [user?.firstName, user?.lastName].filter(Boolean).join(" ") || claims.name || claims.username,
      email: user?.email || claims.email,
      groups,
      token,
      expiresAt: claims.expiresAt,
    };
  }

  /** Why the token's session is over, or null while it lasts. */
  private static endedBecause(claims: VerifiedClaims, session: SessionState): string | null {
    if (claims.grant && session.revokedGrants.has(claims.grant)) return "token was revoked";
    if (claims.generation !== undefined) return claims.generation < session.generation ? "session ended" : null;
    // Issue times are whole seconds: another issuer's token from the second the sessions ended
    // is refused too (signing in again a second later works).
    if (session.validAfter !== null && claims.issuedAt < session.validAfter) return "session ended";
    return null;
  }

  private checkOnce(token: string): Promise<VerifiedClaims> {
    let check = this.checking.get(token);
    if (!check) {
      check = this.verifySignature(token).finally(() => this.checking.delete(token));
      this.checking.set(token, check);
    }
    return check;
  }

  private async verifySignature(token: string): Promise<VerifiedClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.keySet(), {
        issuer: this.config.issuer,
        audience: this.config.audience,
        clockTolerance: 5,
      }));
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      if (err instanceof joseErrors.JWTExpired)
        throw unauthorized("Your session has expired. Please sign in again.", "token expired");
      if (err instanceof joseErrors.JWTClaimValidationFailed)
        throw unauthorized("Invalid access token.", `token ${err.claim} is not accepted`);
      if (err instanceof joseErrors.JWKSNoMatchingKey)
        throw unauthorized("Invalid access token.", "token was not signed by a key of the issuer");
      if (err instanceof joseErrors.JWKSTimeout) {
        countExternalError("keycloak");
        throw new UpstreamError("The identity provider", "its keys could not be fetched in time", 503);
      }
      throw unauthorized("Invalid access token.", "token signature or format is invalid");
    }
    const claims = payload as Record<string, unknown>;
    const rawName = claims[this.config.OIDC_USERNAME_CLAIM] ?? payload.sub;
    if (typeof rawName !== "string" || !rawName) throw unauthorized("Invalid access token.", "token has no username");
    const username = rawName.toLowerCase();
    const tokenGroups = Array.isArray(claims[this.config.OIDC_GROUPS_CLAIM])
      ? (claims[this.config.OIDC_GROUPS_CLAIM] as unknown[])
          .filter((g): g is string => typeof g === "string")
          // Keycloak sends group paths ("/analysts"); the console knows groups by name.
          .map((g) => g.replace(/^\//, ""))
      : [];
    const verified: VerifiedClaims = {
      username,
      tokenGroups,
      name: typeof claims.name === "string" ? claims.name : "",
      email: typeof claims.email === "string" ? claims.email : "",
      // The same 5 s of clock tolerance as the signature check.
      expiresAt: (payload.exp ?? 0) * 1000 + 5000,
      issuedAt: (payload.iat ?? 0) * 1000,
    };
    // Only the embedded provider's own claims are believed: another issuer's could say anything.
    if (this.config.embeddedIdp) {
      const generation = claims[SESSION_GENERATION_CLAIM];
      const grant = claims[GRANT_CLAIM];
      if (typeof generation === "number" && Number.isInteger(generation)) verified.generation = generation;
      if (typeof grant === "string") verified.grant = grant;
    }
    if (this.verified.size >= VERIFIED_CACHE_MAX) {
      const now = Date.now();
      for (const [k, v] of this.verified) if (v.expiresAt <= now) this.verified.delete(k);
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
    }
    this.verified.set(token, verified);
    return verified;
  }
}
