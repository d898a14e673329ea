import { AUDIT_MAX_DURATION_SECONDS } from "@console/contracts/constants";
import { apiDate } from "./derive";

/** The audit filter state (spec section 3), one shape for every tab. Dates are ISO strings. */
export interface AuditFilters {
  searchQuery: string;
  user: string;
  actionTakenBy: string;
  component: string;
  menu: string;
  status: string;
  action: string;
  eventType: string;
  clientId: string;
  policyId: string;
  minDuration: string;
  maxDuration: string;
  startDate: string | null;
  endDate: string | null;
}

export const NO_FILTERS: AuditFilters = {
  searchQuery: "",
  user: "",
  actionTakenBy: "",
  component: "",
  menu: "",
  status: "",
  action: "",
  eventType: "",
  clientId: "",
  policyId: "",
  minDuration: "",
  maxDuration: "",
  startDate: null,
  endDate: null,
};

export type FilterField = keyof AuditFilters | "dates";

export interface TabDef {
  path: string;
  /** offset: first = page*size; page: first = page number; catalog: offset and limit. */
  paging: "offset" | "page" | "catalog";
  /** Date pickers with time (and dates sent with time). */
  withTime: boolean;
  /** Filter popover fields, in order (spec section 9); none: no popover. */
  fields: FilterField[];
  /** What `searchQuery` searches, for its label. */
  searchLabel?: "audits.filter.userSearch" | "audits.filter.bucketSearch";
  query: (f: AuditFilters) => Record<string, unknown>;
}

const dates = (f: AuditFilters, withTime: boolean) => ({
  startDate: apiDate(f.startDate, withTime),
  endDate: apiDate(f.endDate, withTime),
});

const trail = (path: string, extra: (f: AuditFilters) => Record<string, unknown> = () => ({})): TabDef => ({
  path,
  paging: "offset",
  withTime: false,
  fields: ["action", "status", "actionTakenBy", "dates"],
  query: (f) => ({ action: f.action, status: f.status, user: f.actionTakenBy, ...dates(f, false), ...extra(f) }),
});

const API = "/admin-api/api/v1";

/** Each tab key (`${component}-${auditType}`) and how its events are asked for. */
export const TABS: Record<string, TabDef> = {
  "user-management-login": {
    path: `${API}/keycloak/events/login`,
    paging: "offset",
    withTime: true,
    fields: ["eventType", "clientId", "dates"],
    query: (f) => ({ eventType: f.eventType, clientId: f.clientId, ...dates(f, true) }),
  },
  "user-management-admin-events": {
    path: `${API}/keycloak/events/admin-events`,
    paging: "page",
    withTime: true,
    fields: [],
    query: () => ({}),
  },
  "user-management-userManagement": trail(`${API}/events/userManagement`),
  "user-management-sync": trail(`${API}/usersync/audit`),
  "presto-db-trino": {
    path: `${API}/trino/audit`,
    paging: "offset",
    withTime: true,
    fields: ["searchQuery", "startDate", "minDuration", "status", "endDate", "maxDuration"],
    searchLabel: "audits.filter.userSearch",
    query: (f) => ({
      user: f.searchQuery.trim(),
      status: f.status,
      minDuration: f.status === "failure" ? undefined : f.minDuration,
      maxDuration: f.status === "failure" ? undefined : f.maxDuration,
      ...dates(f, true),
    }),
  },
  "apache-airflow-airflow": {
    path: `${API}/airflow/audit`,
    paging: "offset",
    withTime: true,
    fields: ["dates"],
    query: (f) => dates(f, true),
  },
  "policy-management-acl": {
    path: `${API}/acl/audit`,
    paging: "offset",
    withTime: false,
    fields: ["action", "actionTakenBy", "policyId", "dates"],
    query: (f) => ({ action: f.action, user: f.actionTakenBy, policyId: f.policyId, ...dates(f, false) }),
  },
  "policy-management-reviews": {
    path: `${API}/access-reviews/audit`,
    paging: "offset",
    withTime: false,
    fields: ["action", "actionTakenBy", "dates"],
    query: (f) => ({ action: f.action, user: f.actionTakenBy, ...dates(f, false) }),
  },
  "minio-minio": {
    path: `${API}/minio/audit`,
    paging: "offset",
    withTime: false,
    fields: ["searchQuery", "user", "dates"],
    searchLabel: "audits.filter.bucketSearch",
    query: (f) => ({ bucket: f.searchQuery.trim(), user: f.user, ...dates(f, false) }),
  },
  "settings-components": {
    ...trail(`${API}/events/components`, (f) => ({ component: f.component })),
    fields: ["component", "status", "actionTakenBy", "dates"],
  },
  "settings-menu": {
    ...trail(`${API}/events/menu`, (f) => ({ menuName: f.menu })),
    fields: ["menu", "status", "actionTakenBy", "dates"],
  },
  "debezium-connectors": trail(`${API}/events/connectors`),
  "querybook-querybook": {
    path: `${API}/querybook/audit`,
    paging: "catalog",
    withTime: true,
    fields: ["searchQuery", "dates", "status"],
    searchLabel: "audits.filter.userSearch",
    query: (f) => ({
      action_by: f.searchQuery.trim(),
      start_date: apiDate(f.startDate, true),
      end_date: apiDate(f.endDate, true),
      status: f.status,
    }),
  },
  "data-classification-classification": {
    path: `${API}/classification/audit`,
    paging: "catalog",
    withTime: true,
    fields: ["action", "actionTakenBy"],
    query: (f) => ({ action: f.action, username: f.actionTakenBy }),
  },
};

/** Apply's checks (spec section 5); returns the i18n key of the toast, or null. */
export function validateFilters(tabKey: string, f: AuditFilters): string | null {
  if (tabKey === "presto-db-trino" && f.status !== "failure") {
    const min = f.minDuration === "" ? null : Number(f.minDuration);
    const max = f.maxDuration === "" ? null : Number(f.maxDuration);
    if (min !== null && max !== null && max < min) return "audit.execution.time.min.greater.than.max";
    if ((min ?? 0) > AUDIT_MAX_DURATION_SECONDS || (max ?? 0) > AUDIT_MAX_DURATION_SECONDS)
      return "audit.execution.time";
  }
  if (f.startDate && f.endDate && Date.parse(f.startDate) > Date.parse(f.endDate))
    return "startDate.should.be.less.than.end.date";
  return null;
}

/** The query string of a page: paging by the tab's style plus its non-empty filters. */
export function pageQuery(tab: TabDef, f: AuditFilters, page: number, size: number): Record<string, unknown> {
  const paging =
    tab.paging === "catalog"
      ? { offset: page * size, limit: size }
      : { first: tab.paging === "page" ? page : page * size, max: size };
  return { ...paging, ...tab.query(f) };
}
