import { UserManager, WebStorageStateStore, type User } from "oidc-client-ts";
import { create } from "zustand";
import type { PublicConfig } from "@console/contracts";
import { configureApi } from "../shared/lib/api";

export interface AuthState {
  /** signingOut: on the way to the provider's logout; nothing may start a new sign-in meanwhile. */
  status: "unknown" | "signedIn" | "signedOut" | "signingOut";
  token: string | null;
  username: string | null;
}

export const useAuth = create<AuthState>(() => ({ status: "unknown", token: null, username: null }));

let manager: UserManager | null = null;

function apply(user: User | null): void {
  if (useAuth.getState().status === "signingOut") return;
  if (user && !user.expired) {
    const profile = user.profile as { preferred_username?: string };
    // Only replace the stored authorization when the token actually changed.
    if (useAuth.getState().token !== user.access_token)
      useAuth.setState({ status: "signedIn", token: user.access_token, username: profile.preferred_username ?? null });
  } else {
    useAuth.setState({ status: "signedOut", token: null, username: null });
  }
}

export function initAuth(config: PublicConfig): UserManager {
  if (manager) return manager;
  manager = new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    redirect_uri: `${config.publicUrl}/login/callback`,
    silent_redirect_uri: `${config.publicUrl}/silent-callback.html`,
    post_logout_redirect_uri: `${config.publicUrl}/login`,
    response_type: "code",
    loadUserInfo: false,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
  manager.events.addUserLoaded(apply);
  manager.events.addUserUnloaded(() => apply(null));
  manager.events.addAccessTokenExpired(() => apply(null));
  configureApi({
    token: () => useAuth.getState().token,
    unauthorized: () => {
      void manager?.removeUser();
      apply(null);
    },
  });
  return manager;
}

function requireManager(): UserManager {
  if (!manager) throw new Error("sign-in is not initialised");
  return manager;
}

/** Restores a session from storage, without any network call. */
export async function restore(): Promise<boolean> {
  const user = await requireManager().getUser();
  apply(user);
  return !!user && !user.expired;
}

/** The spec's check-sso: a silent sign-in; "login_required" means signed out. */
export async function checkSso(): Promise<boolean> {
  if (await restore()) return true;
  try {
    const user = await requireManager().signinSilent();
    apply(user);
    return !!user;
  } catch {
    apply(null);
    return false;
  }
}

export async function signIn(returnTo: string): Promise<void> {
  await requireManager().signinRedirect({ state: { returnTo } });
}

export async function completeSignIn(): Promise<string> {
  const user = await requireManager().signinRedirectCallback();
  apply(user);
  const state = user.state as { returnTo?: string } | undefined;
  return state?.returnTo ?? "/";
}

/** Clears everything the app stored except the theme, then ends the provider session. */
export async function signOut(): Promise<void> {
  const m = requireManager();
  const user = await m.getUser();
  // From here until the browser leaves, no screen may react (a silent sign-in started now
  // would race the provider's logout and spoil it).
  useAuth.setState({ status: "signingOut", token: null, username: null });
  const theme = localStorage.getItem("isDarkMode");
  localStorage.clear();
  if (theme !== null) localStorage.setItem("isDarkMode", theme);
  await m.signoutRedirect({ id_token_hint: user?.id_token });
  sessionStorage.clear();
}
