import type { FastifyInstance } from "fastify";
import { insightsRoutes } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { airflowClientFor } from "../audits/airflow.js";
import { every } from "../audits/schedule.js";
import { trinoClientFor } from "../policies/trino-client.js";
import { InsightsService } from "./service.js";

/** How often the schedule is looked at; the refresh itself follows the insights preference. */
const TICK_MS = 15_000;

export function insightsModule(app: FastifyInstance, s: Services): void {
  const trino = trinoClientFor(s);
  const service = new InsightsService(
    s.db,
    airflowClientFor(s),
    s.log,
    trino && {
      client: trino,
      limits: {
        concurrency: s.config.INSIGHTS_STATS_CONCURRENCY,
        timeoutMs: s.config.INSIGHTS_STATS_TIMEOUT_SECONDS * 1000,
        hidden: ["system"],
      },
    },
  );
  s.caches.register("insights", "insights figures", () => service.refresh());
  // The embedded sandbox posts months of query history at start: the figures follow it.
  if (s.sandbox?.history) service.completeAfter(s.sandbox.history);
  s.onClose(() => service.close());
  s.onClose(every(TICK_MS, () => service.tick(), s.log, "insights refresh"));

  handle(app, insightsRoutes.analytics, () => service.analytics());
  handle(app, insightsRoutes.usageSummary, async () => {
    const a = await service.analytics();
    return {
      weekly_active_users_timeline: a.weekly_active_users_timeline,
      monthly_active_users_timeline: a.monthly_active_users_timeline,
      provisional: a.provisional,
    };
  });
  handle(app, insightsRoutes.topQueries, async () => {
    const a = await service.analytics();
    return { weekly_top_executed_queries: a.weekly_top_executed_queries, provisional: a.provisional };
  });
  handle(app, insightsRoutes.pipelineSummary, ({ query }) => service.pipelines(query));
  handle(app, insightsRoutes.dataSummary, ({ query }) => service.dataSummary(query));
  handle(app, insightsRoutes.datasets, () => service.datasets());
}
