import * as core from "./0001_core.js";
import * as usersSearch from "./0100_users_search.js";
import * as usersTrigram from "./0101_users_trigram.js";
import * as syncJobs from "./0102_sync_jobs.js";
import * as identityAdminEvents from "./0103_identity_admin_events.js";
import * as policies from "./0200_policies.js";
import * as auditSources from "./0400_audit_sources.js";
import * as auditCoveringIndexes from "./0401_audit_covering_indexes.js";
import * as licences from "./0600_licences.js";
import * as insights from "./0700_insights.js";
import * as insightsTables from "./0701_insights_tables.js";
import * as scheduledRuns from "./0800_scheduled_runs.js";
import * as auditPageKeys from "./0402_audit_page_keys.js";
import * as adminEventFilters from "./0403_admin_event_filters.js";
import * as publicationInputs from "./0210_publication_inputs.js";
import * as sessions from "./0110_sessions.js";
import * as auditPartitions from "./0410_audit_partitions.js";
import * as accessRollup from "./0220_access_rollup.js";
import * as auditChangedDays from "./0420_audit_changed_days.js";
import * as trinoFailedPartialIndex from "./0430_trino_failed_partial_index.js";
import * as defaultRules from "./0230_default_rules.js";
import * as queryPrincipal from "./0240_query_principal.js";

/** Every migration, in the order it runs. Append; never edit one that has shipped. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: "0001_core", sql: core.sql },
  { id: "0100_users_search", sql: usersSearch.sql },
  { id: "0101_users_trigram", sql: usersTrigram.sql },
  { id: "0102_sync_jobs", sql: syncJobs.sql },
  { id: "0103_identity_admin_events", sql: identityAdminEvents.sql },
  { id: "0200_policies", sql: policies.sql },
  { id: "0400_audit_sources", sql: auditSources.sql },
  { id: "0401_audit_covering_indexes", sql: auditCoveringIndexes.sql },
  { id: "0600_licences", sql: licences.sql },
  { id: "0700_insights", sql: insights.sql },
  { id: "0701_insights_tables", sql: insightsTables.sql },
  { id: "0800_scheduled_runs", sql: scheduledRuns.sql },
  { id: "0402_audit_page_keys", sql: auditPageKeys.sql },
  { id: "0403_admin_event_filters", sql: adminEventFilters.sql },
  { id: "0210_publication_inputs", sql: publicationInputs.sql },
  { id: "0110_sessions", sql: sessions.sql },
  { id: "0410_audit_partitions", sql: auditPartitions.sql },
  { id: "0220_access_rollup", sql: accessRollup.sql },
  { id: "0420_audit_changed_days", sql: auditChangedDays.sql },
  { id: "0430_trino_failed_partial_index", sql: trinoFailedPartialIndex.sql },
  { id: "0230_default_rules", sql: defaultRules.sql },
  { id: "0240_query_principal", sql: queryPrincipal.sql },
];
