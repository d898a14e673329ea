// Signing in to the console over HTTP, as its web app does; shared by the benchmarks and the
// browser tests (which seed data through the API).
import { createHash, randomBytes } from "node:crypto";

/**
 * The web app's Authorization Code + PKCE requests for a console at `publicUrl`: the
 * authorization request's query, and the token request's form for the code it gives back.
 */
export function codeFlow(publicUrl, extra = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${publicUrl}/login/callback`;
  return {
    authorize: new URLSearchParams({
      client_id: "platform-console",
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "openid profile email",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...extra,
    }),
    token: (code) =>
      new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: "platform-console",
        code_verifier: verifier,
      }),
  };
}

/**
 * The web app's sign-in (Authorization Code + PKCE) against `baseUrl`, over HTTP; returns the
 * access token. `publicUrl` is the address the sign-in service builds its redirects on (a load
 * balancer's, when replicas sit behind one); every request still goes to `baseUrl`.
 */
export async function signInOverHttp(baseUrl, username, password, publicUrl = baseUrl) {
  const jar = new Map();
  const take = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const on = (location) => {
    const u = new URL(location, publicUrl);
    return `${baseUrl}${u.pathname}${u.search}`;
  };
  const flow = codeFlow(publicUrl, { state: "b" });
  let res = await fetch(`${baseUrl}/oidc/auth?${flow.authorize}`, { redirect: "manual" });
  take(res);
  res = await fetch(on(`${res.headers.get("location")}/login`), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
  });
  take(res);
  if (res.status !== 303) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  res = await fetch(on(res.headers.get("location")), { redirect: "manual", headers: { cookie: cookie() } });
  take(res);
  const code = new URL(res.headers.get("location"), publicUrl).searchParams.get("code");
  res = await fetch(`${baseUrl}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: flow.token(code),
  });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status}`);
  return (await res.json()).access_token;
}
