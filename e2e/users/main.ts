import { createHash, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { ADMIN_PASSWORD } from "../support/server.js";

/** Signs in over HTTP (Authorization Code + PKCE, as the web app does) and returns the access token. */
export async function apiToken(baseUrl: string, username = "admin", password = ADMIN_PASSWORD): Promise<string> {
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${baseUrl}/login/callback`;
  let res = await fetch(
    `${baseUrl}/oidc/auth?${new URLSearchParams({
      client_id: "platform-console",
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "openid profile email",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "e2e",
    })}`,
    { redirect: "manual" },
  );
  take(res);
  const interaction = new URL(res.headers.get("location")!, baseUrl);
  res = await fetch(`${interaction}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
  });
  take(res);
  if (res.status !== 303) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  res = await fetch(new URL(res.headers.get("location")!, baseUrl), {
    redirect: "manual",
    headers: { cookie: cookie() },
  });
  const code = new URL(res.headers.get("location")!, baseUrl).searchParams.get("code")!;
  res = await fetch(`${baseUrl}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "platform-console",
      code_verifier: verifier,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls the admin API; fails the test on an error answer. */
export async function adminApi<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/admin-api/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const TEMP_PASSWORD = "Temp-E2e-Password-1";

/** A user of the console's own directory, made through the API. */
export async function seedApiUser(
  baseUrl: string,
  token: string,
  username: string,
  groups: string[] = [],
): Promise<{ id: string }> {
  for (const g of groups) {
    const names = await adminApi<string[]>(baseUrl, token, "GET", "/groups/names");
    if (!names.includes(g)) await adminApi(baseUrl, token, "POST", "/groups", { name: g });
  }
  return adminApi(baseUrl, token, "POST", "/users", {
    username,
    firstName: username.replace(/^e2e-/, "").replace(/^./, (c) => c.toUpperCase()),
    lastName: "Browser",
    email: `${username}@example.com`,
    password: TEMP_PASSWORD,
    groups,
  });
}

/** Narrows the users table to one username through the filter popover's search. */
export async function filterUsersBy(page: Page, text: string): Promise<void> {
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByLabel("Search").fill(text);
  await page.getByRole("button", { name: "Apply" }).click();
}

/** The table row that holds `text`. */
export const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Picks an option of a searchable select the way a keyboard user does: type, then Enter. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(option);
  await page.keyboard.press("Enter");
}
