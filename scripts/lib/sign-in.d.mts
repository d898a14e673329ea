/**
 * The web app's Authorization Code + PKCE requests for a console at `publicUrl`: the
 * authorization request's query, and the token request's form for the code it gives back.
 */
export function codeFlow(
  publicUrl: string,
  extra?: Record<string, string>,
): { authorize: URLSearchParams; token: (code: string) => URLSearchParams };

/**
 * The web app's sign-in (Authorization Code + PKCE) against `baseUrl`, over HTTP; returns the
 * access token. `publicUrl` is the address the sign-in service builds its redirects on.
 */
export function signInOverHttp(
  baseUrl: string,
  username: string,
  password: string,
  publicUrl?: string,
): Promise<string>;
