import type { FastifyInstance } from "fastify";
import { bearer, type SignInResult } from "./auth.js";

const form = { "content-type": "application/x-www-form-urlencoded" };

/** The status /me answers for this access token: 200 while its session lasts. */
export async function meStatus(app: FastifyInstance, token: string): Promise<number> {
  return (await app.inject({ method: "GET", url: "/admin-api/api/v1/me", headers: bearer(token) })).statusCode;
}

/** Renews at the token endpoint, as the web app does; 200 with new tokens, 400 when refused. */
export function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: "POST",
    url: "/oidc/token",
    headers: form,
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "platform-console",
    }).toString(),
  });
}

/** Revokes a token at the provider's revocation endpoint (RFC 7009). */
export function revoke(app: FastifyInstance, token: string, hint?: "access_token" | "refresh_token") {
  return app.inject({
    method: "POST",
    url: "/oidc/token/revocation",
    headers: form,
    payload: new URLSearchParams({
      token,
      client_id: "platform-console",
      ...(hint ? { token_type_hint: hint } : {}),
    }).toString(),
  });
}

/** Signs out as the console's Logout does: the provider's end-session page, confirmed. */
export async function signOut(app: FastifyInstance, session: SignInResult): Promise<void> {
  const ask = await app.inject({
    method: "GET",
    url: `/oidc/session/end?${new URLSearchParams({ id_token_hint: session.tokens!.id_token, client_id: "platform-console" })}`,
    headers: { cookie: session.cookie! },
  });
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.body)?.[1];
  if (!xsrf) throw new Error(`the sign-out page answered ${ask.statusCode} without a form`);
  const confirm = await app.inject({
    method: "POST",
    url: "/oidc/session/end/confirm",
    headers: { cookie: session.cookie!, ...form },
    payload: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
  });
  if (confirm.statusCode !== 303) throw new Error(`signing out answered ${confirm.statusCode}`);
}
