import { codeFlow } from "../../../../scripts/lib/sign-in.mjs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { ADMIN_PASSWORD, PUBLIC_URL } from "./app.js";

/** A minimal cookie jar: the provider scopes cookies by path, the tests send them all. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    const raw = res.headers["set-cookie"];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const pathOf = (location: string) => {
  const u = new URL(location, PUBLIC_URL);
  return u.pathname + u.search;
};

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

export interface SignInResult {
  ok: boolean;
  tokens?: Tokens;
  /** The provider's cookies after sign-in: its session, for signing out. */
  cookie?: string;
  /** The login page's status and HTML when sign-in did not go through. */
  status?: number;
  page?: string;
  /** The interaction's path, to continue it (e.g. with a password change). */
  interaction?: string;
  /** Redeems the sign-in's authorization code once more (here or on another replica), as a thief would. */
  redeemCodeAgain?: (on?: FastifyInstance) => Promise<LightMyRequestResponse>;
}

/**
 * Signs in through the embedded provider exactly as the browser does: authorization
 * request with PKCE, the login form, the redirect with the code, the token exchange.
 */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<SignInResult> {
  const jar = new Jar();
  const flow = codeFlow(PUBLIC_URL, { state: "s1", nonce: "n1" });
  const auth = await app.inject({ method: "GET", url: `/oidc/auth?${flow.authorize}` });
  jar.take(auth);
  if (auth.statusCode !== 303) throw new Error(`authorization request answered ${auth.statusCode}: ${auth.body}`);
  const interaction = pathOf(auth.headers.location as string);
  const login = await app.inject({
    method: "POST",
    url: `${interaction}/login`,
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  jar.take(login);
  if (login.statusCode !== 303)
    return { ok: false, status: login.statusCode, page: login.body, interaction, cookie: jar.header() };
  const resume = await app.inject({
    method: "GET",
    url: pathOf(login.headers.location as string),
    headers: { cookie: jar.header() },
  });
  jar.take(resume);
  const callback = new URL(resume.headers.location as string, PUBLIC_URL);
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code in ${resume.statusCode} ${resume.headers.location} ${resume.body}`);
  const redeem = (on = app) =>
    on.inject({
      method: "POST",
      url: "/oidc/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: flow.token(code).toString(),
    });
  const token = await redeem();
  if (token.statusCode !== 200) throw new Error(`token exchange answered ${token.statusCode}: ${token.body}`);
  return { ok: true, tokens: token.json() as Tokens, cookie: jar.header(), redeemCodeAgain: redeem };
}

/** Signs in and returns the access token; fails the test if sign-in is refused. */
export async function tokenFor(app: FastifyInstance, username: string, password: string): Promise<string> {
  const r = await signIn(app, username, password);
  if (!r.ok || !r.tokens) throw new Error(`sign-in of ${username} failed with ${r.status}`);
  return r.tokens.access_token;
}

export const adminToken = (app: FastifyInstance) => tokenFor(app, "admin", ADMIN_PASSWORD);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
