import { z } from "zod";
import { DATA_SUMMARY_SORTS, INSIGHTS_PAGE_SIZES } from "./insights-constants.js";
import { route } from "./route.js";

const Ranked = z.object({ name: z.string(), count: z.number().int() }).meta({ id: "InsightsRanked" });
const TimelinePoint = z
  .object({ interval_alias: z.string(), user_count: z.number().int() })
  .meta({ id: "InsightsTimelinePoint" });

export const Analytics = z
  .object({
    weekly_active_users: z.number().int(),
    monthly_active_users: z.number().int(),
    /** Distinct tables read by queries in the last 30 days. */
    dataset: z.number().int(),
    active_pipelines: z.number().int().nullable(),
    paused_pipelines: z.number().int().nullable(),
    /** Distinct schemas read by queries in the last 30 days. */
    entity: z.number().int(),
    top_weekly_user: z.string().nullable(),
    top_monthly_user: z.string().nullable(),
    top_table: z.string().nullable(),
    top_cooccuring_table: z.string().nullable(),
    top_5_users: z.array(Ranked),
    top_five_tables: z.array(Ranked),
    top_five_cooccuring_tables: z.array(Ranked),
    top_five_schemas: z.array(Ranked),
    weekly_active_users_timeline: z.array(TimelinePoint),
    monthly_active_users_timeline: z.array(TimelinePoint),
    weekly_top_executed_queries: z.array(TimelinePoint),
    /** When the figures were computed (null before the first refresh). */
    computed_at: z.string().nullable(),
    /**
     * True while the query history the console was started with (the sandbox's 90 days) is
     * still arriving: the figures are computed again, by themselves, once it has.
     */
    provisional: z.boolean(),
  })
  .meta({ id: "Analytics" });
export type Analytics = z.infer<typeof Analytics>;

export const UsageSummary = Analytics.pick({
  weekly_active_users_timeline: true,
  monthly_active_users_timeline: true,
  provisional: true,
}).meta({ id: "UsageSummary" });

export const TopQueries = Analytics.pick({ weekly_top_executed_queries: true, provisional: true }).meta({
  id: "TopQueries",
});

const pageSize = z.coerce
  .number({ message: "must be a number" })
  .refine((v) => (INSIGHTS_PAGE_SIZES as readonly number[]).includes(v), {
    message: `must be one of ${INSIGHTS_PAGE_SIZES.join(", ")}`,
  })
  .default(10);
const offset = z.coerce
  .number({ message: "must be a number" })
  .int({ message: "must be a whole number" })
  .min(0, { message: "must be 0 or more" })
  .max(1_000_000, { message: "is too large" })
  .default(0);
const nameFilter = z.string().trim().max(255, { message: "must be 255 characters or fewer" }).optional();

export const PipelineJob = z
  .object({
    dag_id: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    next_run: z.string().nullable(),
    tables: z.array(z.object({ table: z.string() })),
    state: z.string().nullable(),
  })
  .meta({ id: "PipelineJob" });

export const Pipeline = z
  .object({
    name: z.string(),
    job_count: z.number().int(),
    /** Seconds; null without a finished run in the window. */
    weekly_avg_running_time: z.number().nullable(),
    monthly_avg_running_time: z.number().nullable(),
    state: z.enum(["active", "paused"]),
    /** 0 failed (red), 1 running or queued (orange), 2 succeeded (green). */
    status_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    jobs: z.array(PipelineJob),
  })
  .meta({ id: "Pipeline" });
export type Pipeline = z.infer<typeof Pipeline>;

export const PipelineQuery = z.object({ limit: pageSize, offset, dag_name: nameFilter }).strict();
export type PipelineQuery = z.input<typeof PipelineQuery>;

export const PipelineSummary = z
  .object({
    data: z.object({ pipeline_tag: z.array(Pipeline) }),
    count: z.number().int(),
    /** Why there are no pipelines to show when Airflow is not configured or not reachable. */
    unavailable: z.string().nullable(),
  })
  .meta({ id: "PipelineSummary" });
export type PipelineSummary = z.infer<typeof PipelineSummary>;

/** How the data summary is ordered (spec section 4): by the last change seen, or by when a table appeared. */
export const DataSummaryQuery = z
  .object({
    limit: pageSize,
    offset,
    sort_by: z
      .enum(DATA_SUMMARY_SORTS, { message: `must be one of ${DATA_SUMMARY_SORTS.join(", ")}` })
      .default("recentlyUpdated"),
    /** Exact catalog and schema names (as /datasets lists them); part of a table's name. */
    catalog: nameFilter,
    schema: nameFilter,
    table: nameFilter,
  })
  .strict();
export type DataSummaryQuery = z.input<typeof DataSummaryQuery>;

export const DataSummaryRow = z
  .object({
    table_id: z.number().int(),
    table_name: z.string(),
    catalog: z.string(),
    schema_name: z.string(),
    column_count: z.number().int(),
    /** Trino's estimate from the table statistics; null when the connector keeps none. */
    num_rows: z.number().nullable(),
    /** Bytes, the sum of the columns' data_size in the statistics; null when none is reported. */
    data_size: z.number().nullable(),
    /** When the console last saw the table's rows, size or columns change (its first sighting counts). */
    updated_at: z.string(),
    /** When the console first saw the table. */
    added_at: z.string(),
    /** The last change: rows added (negative: removed) since the snapshot before, and that as a percentage. */
    trends: z.object({ change_set: z.number().nullable(), percentage_change: z.number().nullable() }),
  })
  .meta({ id: "DataSummaryRow" });
export type DataSummaryRow = z.infer<typeof DataSummaryRow>;

export const DataSummary = z
  .object({
    data: z.array(DataSummaryRow),
    total_count: z.number().int(),
    /** Why the tables could not be read at the last refresh (the previous ones are shown), or null. */
    unavailable: z.string().nullable(),
  })
  .meta({ id: "DataSummary" });
export type DataSummary = z.infer<typeof DataSummary>;

/** The catalogs and schemas of the data summary with their number of tables, for its filters. */
export const Datasets = z
  .object({
    catalogs: z.array(
      z.object({
        name: z.string(),
        schemas: z.array(z.object({ name: z.string(), table_count: z.number().int() })),
      }),
    ),
  })
  .meta({ id: "Datasets" });
export type Datasets = z.infer<typeof Datasets>;

const access = { menu: "insights" } as const;
const tags = ["insights"];
const base = "/admin-api/api/v1/analytics";

export const insightsRoutes = {
  analytics: route({
    method: "GET",
    path: `${base}/analytics`,
    access,
    tags,
    summary: "Usage figures computed from the query engine's events: active users, top users, tables and schemas",
    response: Analytics,
  }),
  usageSummary: route({
    method: "GET",
    path: `${base}/usage-summary`,
    access,
    tags,
    summary: "Weekly and monthly active users over time",
    response: UsageSummary,
  }),
  topQueries: route({
    method: "GET",
    path: `${base}/top-queries`,
    access,
    tags,
    summary: "Queries executed and users executing them, per day of the last week",
    response: TopQueries,
  }),
  pipelineSummary: route({
    method: "GET",
    path: `${base}/pipeline-summary`,
    access,
    tags,
    summary: "Airflow pipelines (DAGs grouped by tag) with their jobs, running times and status",
    query: PipelineQuery,
    response: PipelineSummary,
  }),
  dataSummary: route({
    method: "GET",
    path: `${base}/data-summary`,
    access,
    tags,
    summary: "Tables with their columns, rows, size and last change, from Trino's metadata and statistics",
    query: DataSummaryQuery,
    response: DataSummary,
  }),
  datasets: route({
    method: "GET",
    path: `${base}/datasets`,
    access,
    tags,
    summary: "The catalogs and schemas the data summary knows, with their number of tables, for its filters",
    response: Datasets,
  }),
};
