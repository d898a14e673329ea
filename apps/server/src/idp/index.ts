import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { Config } from "../config.js";
import type { CacheBus } from "../platform/cache-bus.js";
import type { Db } from "../platform/db/index.js";
import { HttpError } from "../platform/errors.js";
import { hashPassword, passwordProblem } from "../platform/passwords.js";
import { endSessions } from "../platform/sessions.js";
import { every } from "../modules/audits/schedule.js";
import { isCurrentPassword } from "../modules/users/store.js";
import { onceAcrossReplicas } from "../platform/scheduled-runs.js";
import { CredentialChecker, purgeLoginFailures, recordLoginEvent } from "./accounts.js";
import { purgeExpired } from "./adapter.js";
import { loadOrCreateKeys, publicJwks, type IdpKeys } from "./keys.js";
import { changePasswordPage, cspFor, loginPage, messagePage } from "./page.js";
import { createProvider } from "./provider.js";
import { AddressThrottle } from "./throttle.js";

export interface EmbeddedIdp {
  provider: Provider;
  keys: IdpKeys;
  credentials: CredentialChecker;
  publicJwks: () => Promise<{ keys: object[] }>;
}

const PASSWORD_CHANGE_MODEL = "PendingPasswordChange";
/** A failed sign-in answers no sooner than this, to slow guessing. */
const FAILURE_DELAY_MS = 600;

export async function createEmbeddedIdp(config: Config, db: Db, bus: CacheBus): Promise<EmbeddedIdp> {
  const keys = await loadOrCreateKeys(db);
  const provider = createProvider(config, db, keys, bus);
  const credentials = new CredentialChecker(db, config);
  return { provider, keys, credentials, publicJwks: async () => publicJwks(keys) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString("base64");
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", cspFor(nonce))
    .send(render(nonce));
}

/**
 * Behind a proxy (TRUST_PROXY) or with PUBLIC_URL set, the provider builds its URLs and cookies
 * for the configured public address only: the scheme and host a request carries (Host,
 * X-Forwarded-Host, X-Forwarded-Proto) are replaced, so a forged Host cannot put another
 * address into the discovery document or a redirect. Behind a TLS-terminating proxy the
 * request reaches us over plain HTTP, yet links must say https and cookies must be Secure.
 * The provider (Koa) would take the left-most X-Forwarded-For entry, which the client writes: it
 * is given the one address Fastify derived with TRUST_PROXY's hops or addresses (`clientIp`).
 */
export function asPublicRequest(
  headers: IncomingHttpHeaders,
  config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "publicUrl">,
  clientIp: string,
) {
  if (!config.PUBLIC_URL && config.TRUST_PROXY === false) return;
  const pub = new URL(config.publicUrl);
  headers["x-forwarded-proto"] = pub.protocol.slice(0, -1);
  headers["x-forwarded-host"] = pub.host;
  if (config.TRUST_PROXY === false) delete headers["x-forwarded-for"];
  else headers["x-forwarded-for"] = clientIp;
}

/** Mounts the provider at /oidc and its login pages at /interaction. */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  idp: EmbeddedIdp,
  deps: { config: Config; db: Db; bus: CacheBus },
): Promise<void> {
  const { provider, credentials } = idp;
  const { config, db, bus } = deps;
  const callback = provider.callback();
  const throttle = new AddressThrottle(
    config.LOGIN_MAX_IP_FAILURES,
    config.LOGIN_LOCK_MINUTES * 60_000,
    FAILURE_DELAY_MS,
  );

  // Expired sessions, codes and tokens are removed hourly, by one replica.
  const purge = onceAcrossReplicas(
    db,
    "oidc-purge",
    3_600_000,
    async () => {
      await purgeExpired(db);
      await purgeLoginFailures(db);
    },
    app.log,
  );
  const stopPurge = every(3_600_000, purge, app.log, "sign-in records purge");
  app.addHook("onClose", stopPurge);

  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null));
    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice("/oidc".length) || "/";
      asPublicRequest(raw.headers, config, req.ip);
      void callback(raw, reply.raw);
    };
    scope.all("/oidc", { config: { access: "public" }, schema: { hide: true } }, forward);
    scope.all("/oidc/*", { config: { access: "public" }, schema: { hide: true } }, forward);
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    scope.addHook("onRequest", async (req) => asPublicRequest(req.raw.headers, config, req.ip));
    const hidden = { config: { access: "public" as const }, schema: { hide: true } };

    const expired = (reply: FastifyReply) =>
      sendPage(reply, 400, (nonce) =>
        messagePage({
          title: "Sign-in expired",
          message: "This sign-in took too long or was already used. Return to the console to start again.",
          nonce,
          link: `${config.publicUrl}/login`,
        }),
      );

    scope.get<{ Params: { uid: string } }>("/interaction/:uid", hidden, async (req, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        return expired(reply);
      }
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
      return sendPage(reply, 200, (nonce) => loginPage({ uid: details.uid, nonce, username: hint }));
    });

    scope.post<{ Params: { uid: string }; Body: { username?: string; password?: string } }>(
      "/interaction/:uid/login",
      hidden,
      async (req, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(req.raw, reply.raw);
        } catch {
          return expired(reply);
        }
        const username = String(req.body?.username ?? "")
          .trim()
          .slice(0, 255);
        const password = String(req.body?.password ?? "").slice(0, 256);
        const clientId = String(details.params.client_id ?? config.OIDC_CLIENT_ID);
        if (!username || !password) {
          return sendPage(reply, 400, (nonce) =>
            loginPage({ uid: details.uid, nonce, username, error: "Enter your username and password." }),
          );
        }
        const started = Date.now();
        const blockedMs = throttle.blockedFor(req.ip);
        if (blockedMs > 0) {
          await sleep(FAILURE_DELAY_MS);
          reply.header("retry-after", String(Math.ceil(blockedMs / 1000)));
          return sendPage(reply, 429, (nonce) =>
            loginPage({
              uid: details.uid,
              nonce,
              username,
              error: `Too many failed sign-in attempts from this address. Try again in ${Math.ceil(blockedMs / 60_000)} minute(s).`,
            }),
          );
        }
        let result;
        try {
          result = await credentials.check(username, password, req.ip);
        } catch (err) {
          // An external directory that cannot check the password: say so on the page.
          if (!(err instanceof HttpError)) throw err;
          return sendPage(reply, err.status, (nonce) =>
            loginPage({ uid: details.uid, nonce, username, error: err.error }),
          );
        }
        if (!result.ok) {
          await recordLoginEvent(db, {
            username: username.toLowerCase(),
            ipAddress: req.ip,
            type: "LOGIN_ERROR",
            clientId,
            error:
              result.reason === "invalid"
                ? "invalid_user_credentials"
                : result.reason === "disabled"
                  ? "user_disabled"
                  : "user_temporarily_locked",
          });
          const delayMs = throttle.fail(req.ip);
          await sleep(Math.max(0, delayMs - (Date.now() - started)));
          const status = result.reason === "locked" ? 429 : result.reason === "disabled" ? 403 : 401;
          if (result.retryAfterSeconds) reply.header("retry-after", String(result.retryAfterSeconds));
          return sendPage(reply, status, (nonce) =>
            loginPage({ uid: details.uid, nonce, username, error: result.message }),
          );
        }
        throttle.succeed(req.ip);
        if (result.mustChangePassword) {
          await db.query(
            `INSERT INTO oidc_payloads (model, id, payload, expires_at) VALUES ($1, $2, $3, now() + interval '15 minutes')
             ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at`,
            [
              PASSWORD_CHANGE_MODEL,
              details.uid,
              JSON.stringify({ userId: result.userId, username: username.toLowerCase() }),
            ],
          );
          return sendPage(reply, 200, (nonce) => changePasswordPage({ uid: details.uid, nonce }));
        }
        await recordLoginEvent(db, { username: username.toLowerCase(), ipAddress: req.ip, type: "LOGIN", clientId });
        const returnTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: result.userId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );

    scope.post<{ Params: { uid: string }; Body: { password?: string; confirm?: string } }>(
      "/interaction/:uid/password",
      hidden,
      async (req, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(req.raw, reply.raw);
        } catch {
          return expired(reply);
        }
        const { rows } = await db.query<{ payload: { userId: string; username: string } }>(
          "SELECT payload FROM oidc_payloads WHERE model = $1 AND id = $2 AND expires_at > now()",
          [PASSWORD_CHANGE_MODEL, details.uid],
        );
        const pending = rows[0]?.payload;
        if (!pending) return expired(reply);
        const password = String(req.body?.password ?? "");
        const problem =
          password !== String(req.body?.confirm ?? "")
            ? "The two passwords do not match."
            : (passwordProblem(password, pending.username) ??
              // The temporary password is known to whoever set it: it cannot become the user's own.
              ((await isCurrentPassword(db, pending.userId, password))
                ? "Choose a new password: it must differ from the temporary one."
                : null));
        const clientId = String(details.params.client_id ?? config.OIDC_CLIENT_ID);
        if (problem) {
          await recordLoginEvent(db, {
            username: pending.username,
            ipAddress: req.ip,
            type: "UPDATE_PASSWORD_ERROR",
            clientId,
            error: "invalid_password",
          });
          return sendPage(reply, 400, (nonce) => changePasswordPage({ uid: details.uid, nonce, error: problem }));
        }
        await db.tx(async (q) => {
          await q.query(
            "UPDATE users SET password_hash = $2, password_must_change = false, updated_at = now() WHERE id = $1",
            [pending.userId, await hashPassword(password)],
          );
          await q.query("DELETE FROM oidc_payloads WHERE model = $1 AND id = $2", [PASSWORD_CHANGE_MODEL, details.uid]);
          // Whoever knew the old password may hold a session: it ends with it.
          await endSessions(q, [pending.userId]);
        });
        await bus.publish("users");
        await recordLoginEvent(db, {
          username: pending.username,
          ipAddress: req.ip,
          type: "UPDATE_PASSWORD",
          clientId,
        });
        await recordLoginEvent(db, { username: pending.username, ipAddress: req.ip, type: "LOGIN", clientId });
        const returnTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: pending.userId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
}
