import { randomBytes } from "node:crypto";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Config } from "../config.js";
import { GRANT_CLAIM, SESSION_GENERATION_CLAIM } from "../platform/auth.js";
import type { CacheBus } from "../platform/cache-bus.js";
import type { Db } from "../platform/db/index.js";
import { endSessions, grantRef } from "../platform/sessions.js";
import { recordLoginEvent } from "./accounts.js";
import { databaseAdapter } from "./adapter.js";
import type { IdpKeys } from "./keys.js";
import { httpPolicyMiddleware } from "./http-policy.js";
import { cspFor, logoutPage, messagePage } from "./page.js";
import { revocationMiddleware, TOKEN_CLOCK_TOLERANCE_MS } from "./revocation.js";

interface AccountRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  enabled: boolean;
  session_generation: number;
  groups: string[] | null;
}

async function loadAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query<AccountRow>(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.enabled, u.session_generation,
            array_remove(array_agg(g.name ORDER BY g.name), NULL) AS groups
       FROM users u LEFT JOIN user_groups ug ON ug.user_id = u.id LEFT JOIN groups g ON g.id = ug.group_id
      WHERE u.id = $1 GROUP BY u.id`,
    [id],
  );
  return rows[0];
}

function profileClaims(a: AccountRow) {
  return {
    sub: a.id,
    preferred_username: a.username,
    name: [a.first_name, a.last_name].filter(Boolean).join(" ") || a.username,
    given_name: a.first_name || undefined,
    family_name: a.last_name || undefined,
    email: a.email || undefined,
    groups: a.groups ?? [],
  };
}

const ACCESS_TOKEN_TTL = 10 * 60;
const SESSION_TTL = 10 * 60 * 60;

/** The embedded OpenID Connect provider, mounted at `/oidc`, with its state in the database. */
export function createProvider(config: Config, db: Db, keys: IdpKeys, bus: CacheBus): Provider {
  const clientId = config.OIDC_CLIENT_ID;
  const resource = config.audience;
  const secureCookies = config.publicUrl.startsWith("https://");
  const redirectUris = [`${config.publicUrl}/login/callback`, `${config.publicUrl}/silent-callback.html`];
  // The console's own origin and its client's: the only ones allowed cross-origin calls.
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...redirectUris.map((u) => new URL(u).origin)]);

  const configuration: Configuration = {
    adapter: databaseAdapter(db, ACCESS_TOKEN_TTL * 1000 + TOKEN_CLOCK_TOLERANCE_MS),
    clients: [
      {
        client_id: clientId,
        client_name: "Platform Console",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [`${config.publicUrl}/login`, `${config.publicUrl}/`],
      },
    ],
    jwks: keys.jwks as Configuration["jwks"],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: "lax", secure: secureCookies, signed: true },
      short: { httpOnly: true, sameSite: "lax", secure: secureCookies, signed: true },
    },
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "preferred_username", "groups"],
      email: ["email"],
    },
    scopes: ["openid", "profile", "email", "offline_access"],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only tokens issued to it.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const nonce = randomBytes(16).toString("base64");
          ctx.set("content-security-policy", cspFor(nonce));
          ctx.body = logoutPage(form, nonce);
        },
        postLogoutSuccessSource: async (ctx) => {
          const nonce = randomBytes(16).toString("base64");
          ctx.set("content-security-policy", cspFor(nonce));
          ctx.body = messagePage({
            title: "Signed out",
            message: "You have signed out.",
            nonce,
            link: `${config.publicUrl}/`,
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: "api",
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // The console is the provider's only client: it never asks the user to consent.
    loadExistingGrant: async (ctx) => {
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid profile email offline_access");
      grant.addResourceScope(resource, "api");
      await grant.save();
      return grant;
    },
    // Refresh tokens without offline_access: they end with the sign-in session.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed("refresh_token") && code.scopes.has("openid"),
    findAccount: async (_ctx, sub) => {
      const account = await loadAccount(db, sub);
      // A disabled user's session can no longer produce tokens.
      if (!account || !account.enabled) return undefined;
      return { accountId: account.id, claims: async () => profileClaims(account) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (!("accountId" in token) || !token.accountId) return undefined;
      const account = await loadAccount(db, token.accountId as string);
      if (!account) return undefined;
      const { preferred_username, name, email, groups } = profileClaims(account);
      // The session generation and grant let the API refuse the token once either has ended.
      const grant = "grantId" in token && typeof token.grantId === "string" ? grantRef(token.grantId) : undefined;
      return {
        preferred_username,
        name,
        email,
        groups,
        [SESSION_GENERATION_CLAIM]: account.session_generation,
        ...(grant ? { [GRANT_CLAIM]: grant } : {}),
      };
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 15 * 60,
      Grant: SESSION_TTL,
      Session: SESSION_TTL,
      RefreshToken: SESSION_TTL,
    },
    renderError: async (ctx, out) => {
      const nonce = randomBytes(16).toString("base64");
      ctx.set("content-security-policy", cspFor(nonce));
      ctx.type = "html";
      ctx.body = messagePage({
        title: "Sign-in problem",
        message: String(out.error_description ?? out.error ?? "The sign-in request could not be completed."),
        nonce,
        link: `${config.publicUrl}/login`,
      });
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Behind a proxy or with PUBLIC_URL set, asPublicRequest sets the forwarded host and scheme
  // from the configured address, so every URL the provider builds is the public one.
  provider.proxy = config.TRUST_PROXY !== false || !!config.PUBLIC_URL;

  // Signing out ends every session of the user, here and on every replica, and the LOGOUT
  // event is written, all before the response leaves: the user's old tokens no longer open
  // the API when the sign-in page shows. The event cannot be awaited; the middleware can.
  const loggingOut = new WeakMap<object, Promise<void>>();
  provider.on("end_session.success", (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId) return;
    const done = (async () => {
      const account = await loadAccount(db, accountId);
      if (!account) return;
      await db.tx((q) => endSessions(q, [account.id]));
      await bus.publish("sessions");
      await recordLoginEvent(db, {
        username: account.username,
        ipAddress: ctx.ip,
        type: "LOGOUT",
        clientId: ctx.oidc.client?.clientId ?? clientId,
      });
    })();
    // Awaited by the middleware below; marked handled so that a failure is not reported twice.
    done.catch(() => undefined);
    loggingOut.set(ctx, done);
  });
  // A revoked grant (a code redeemed twice, a used refresh token back, a revocation) was recorded
  // when the adapter destroyed it; the other replicas drop what they cached before the answer leaves.
  const revokedGrantIn = new WeakSet<object>();
  provider.on("grant.revoked", (ctx: KoaContextWithOIDC) => revokedGrantIn.add(ctx));
  provider.use(async (ctx, next) => {
    await next();
    await loggingOut.get(ctx);
    if (revokedGrantIn.has(ctx)) await bus.publish("sessions");
  });
  provider.use(httpPolicyMiddleware(config.publicUrl, allowedOrigins));
  provider.use(revocationMiddleware(config, db, bus, keys));

  return provider;
}
