import { create } from "zustand";

const THEME_KEY = "isDarkMode";
const REFRESH_KEY = "refreshInterval";

function readBool(key: string): boolean {
  try {
    return localStorage.getItem(key) === "true";
  } catch {
    return false;
  }
}

/** The console's global state slices (spec section 3) that outlive a single screen. */
export interface ShellState {
  /** Stored as the string "true" or "false" so it survives reloads and logout. */
  isDarkMode: boolean;
  /** Interval in ms of the global refresh, or null when off; kept across reloads. */
  refreshInterval: number | null;
  /** Time of the last refresh tick; lists reset paging when it changes (the shell reloads the data). */
  refreshedAt: number;
  /** A form holds unsaved changes: navigation and logout ask first. */
  hasUnsavedChanges: boolean;
  licenceAlertDismissed: boolean;
  /** Active tab per screen, e.g. { "user-management": "groups" }. */
  activeTab: Record<string, string>;
  setDarkMode(dark: boolean): void;
  setRefreshInterval(ms: number | null): void;
  tick(): void;
  setUnsaved(unsaved: boolean): void;
  dismissLicenceAlert(): void;
  setActiveTab(screen: string, tab: string): void;
}

export const useShell = create<ShellState>((set) => ({
  isDarkMode: readBool(THEME_KEY),
  refreshInterval: (() => {
    const v = Number(localStorage.getItem(REFRESH_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  })(),
  refreshedAt: Date.now(),
  hasUnsavedChanges: false,
  licenceAlertDismissed: false,
  activeTab: {},
  setDarkMode(dark) {
    localStorage.setItem(THEME_KEY, String(dark));
    set({ isDarkMode: dark });
  },
  setRefreshInterval(ms) {
    if (ms) localStorage.setItem(REFRESH_KEY, String(ms));
    else localStorage.removeItem(REFRESH_KEY);
    set({ refreshInterval: ms });
  },
  tick: () => set({ refreshedAt: Date.now() }),
  setUnsaved: (hasUnsavedChanges) => set({ hasUnsavedChanges }),
  dismissLicenceAlert: () => set({ licenceAlertDismissed: true }),
  setActiveTab: (screen, tab) => set((s) => ({ activeTab: { ...s.activeTab, [screen]: tab } })),
}));
