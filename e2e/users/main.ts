import type { Page } from "playwright-core";

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

/** Signs a user made through the API in for the first time: the temporary password, then their own. */
export async function signInFirstTime(page: Page, baseUrl: string, username: string, own: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(TEMP_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Set a new password" }).waitFor();
  await page.getByLabel("New password", { exact: true }).fill(own);
  await page.getByLabel("Confirm new password").fill(own);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/interaction") && !url.pathname.startsWith("/login"));
}

/** Adds a user to the people a menu is assigned to (the full list is sent, as the settings screen does). */
export async function assignMenuTo(baseUrl: string, token: string, menuKey: string, username: string): Promise<void> {
  const menus = await adminApi<Array<{ id: number; menuKey: string; assignedUsers: string[] }>>(
    baseUrl,
    token,
    "GET",
    "/menu/permissions",
  );
  const menu = menus.find((m) => m.menuKey === menuKey)!;
  await adminApi(baseUrl, token, "PUT", `/menu/${menu.id}`, { usersToAssign: [...menu.assignedUsers, username] });
}
