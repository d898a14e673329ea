/** Constants of the insights screens and their settings; no zod here, so the web bundle can import them. */

/** Data and pipeline summaries page by 10 to 50 rows (spec section 9). */
export const INSIGHTS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const INSIGHTS_TOP = 5;
/** Active users are counted over these windows. */
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;
/** Points on the usage timelines. */
export const TIMELINE_WEEKS = 12;
export const TIMELINE_MONTHS = 12;

export const DATA_SUMMARY_SORTS = ["recentlyUpdated", "recentlyAdded"] as const;
export type DataSummarySort = (typeof DATA_SUMMARY_SORTS)[number];

/** Insights refresh choices in seconds: 1m, 5m, 15m, 30m, 1h; default 1m (spec section 9). */
export const INSIGHTS_REFRESH_INTERVALS = [60, 300, 900, 1800, 3600] as const;
export const INSIGHTS_REFRESH_DEFAULT = 60;
/** Names in users_to_exclude and admin_groups together. */
export const INSIGHTS_PREFERENCE_NAMES_MAX = 1000;
