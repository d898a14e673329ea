/** Constants from the specification, shared by server and web app. */

export const MENU_KEYS = [
  "home",
  "components",
  "discovery-hub",
  "audits",
  "user-management",
  "policy-management",
  "insights",
  "client-configuration",
  "settings",
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** Side-menu order and the menu's display name and section (settings is the header gear). */
export const MENUS: ReadonlyArray<{ key: MenuKey; name: string; section: string; priority: number }> = [
  { key: "home", name: "Home", section: "Overview", priority: 1 },
  { key: "components", name: "Components", section: "Overview", priority: 2 },
  { key: "discovery-hub", name: "Discovery Hub", section: "Data", priority: 3 },
  { key: "audits", name: "Audits", section: "Governance", priority: 4 },
  { key: "user-management", name: "User Management", section: "Governance", priority: 5 },
  { key: "policy-management", name: "Policy Management", section: "Governance", priority: 6 },
  { key: "insights", name: "Insights", section: "Data", priority: 7 },
  { key: "client-configuration", name: "Client Configuration", section: "Data", priority: 8 },
  { key: "settings", name: "Settings", section: "Administration", priority: 9 },
];

export const PAGE_SIZES = [10, 15, 20] as const;
export const SMALL_PAGE_SIZES = [5, 10, 15, 20] as const;
export const SUMMARY_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const PODS_PAGE_SIZE = 5;

export const TOAST_MS = 5000;
export const NOTIFICATION_MS = 3000;
export const NOTIFICATION_MAX = 3;
export const NOTIFICATION_TOP = 50;
export const JOB_DELETE_FAILURE_MS = 10_000;
export const COPY_FEEDBACK_MS = 1000;
export const TOKEN_COPIED_RESET_MS = 2000;

export const REFRESH_INTERVAL_MS = 30_000;
export const JOBS_REFRESH_INTERVAL_MS = 5000;
export const NAME_CHECK_DEBOUNCE_MS = 500;

export const LICENCE_WARNING_DAYS = 30;
export const UNAUTHORIZED_REDIRECT_SECONDS = 5;

export const USAGE_THRESHOLDS = { warning: 75, error: 90, max: 100 } as const;
export const LOG_TAIL_DEFAULT = 200;
/** The most lines one tail may ask for; more is a 400 (a tail of 100,000 lines slowed everyone). */
export const LOG_TAIL_MAX = 5000;
/** Logs one user may follow at once on one console replica (LOG_FOLLOWS_PER_USER overrides it). */
export const LOG_FOLLOWS_PER_USER = 8;
export const LOG_ROW_HEIGHT = 20;

export const BREAKPOINTS = { tablet: 1180, smallDesktop: 1440, midDesktop: 1680, largeDesktop: 1920 } as const;
export const CONTENT_MAX_WIDTH = 2560;
export const QUICK_LAUNCH_PER_ROW = 5;
export const DEFAULT_HIDDEN_QUICK_LAUNCH = ["admin-ui"];
export const DATA_PRODUCT_CATALOG_DEFAULT = "dataproducts";

export const SYNC_PERIOD_MIN_EXCLUSIVE = 60;
export const SYNC_PERIOD_MAX = 525_600;

/** Components overview charts: the durations offered (minutes), the default, axis ticks and parts. */
export const OVERVIEW_DURATIONS_MIN = [30, 60, 90, 120, 150, 180] as const;
export const OVERVIEW_DURATION_DEFAULT = 30;
export const OVERVIEW_AXIS_TICKS = 7;
export const OVERVIEW_SERIES_PARTS = 6;
/** Host details area charts cover five minutes. */
export const HOST_CHART_WINDOW_MIN = 5;

/** Licence upload limits (spec section 5). */
export const LICENCE_DESCRIPTION_MAX = 250;
export const LICENCE_FILE_EXTENSIONS = [".lic", ".license"] as const;
export const LICENCE_FILE_MAX_BYTES = 64 * 1024;
