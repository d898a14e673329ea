import type { FastifyInstance, FastifyReply } from "fastify";
import {
  accessReviewRoutes,
  ACCESS_REVIEWS_PATH,
  REVIEW_CHECK_MS,
  WHO_CAN_SEE_CSV_PATH,
  WhoCanSeeQuery,
  whoCanSeeRoutes,
} from "@console/contracts";
import { z } from "zod";
import { handle } from "../../platform/http.js";
import { onceAcrossReplicas } from "../../platform/scheduled-runs.js";
import type { Services } from "../../platform/services.js";
import { every } from "../audits/schedule.js";
import { reportCsv } from "./report.js";
import * as reviewStore from "./review-store.js";
import { ReviewService } from "./service.js";
import { WhoCanSeeService, whoCanSeeCsv } from "./who-can-see.js";

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const csv = (reply: FastifyReply, name: string, body: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}-${stamp()}.csv"`)
    .send(body);

/** Who can see a table (the reverse view) and access reviews; guarded as policy management, but a reviewer's own items. */
export function accessReviewsModule(app: FastifyInstance, s: Services, sync: ReviewServiceSync): void {
  const who = new WhoCanSeeService(s.db, s.bus);
  s.onClose(() => who.stop());
  const reviews = new ReviewService(s.db, s.bus, {
    isAdmin: (p) => s.access.canOpen(p, "policy-management"),
    sync,
  });
  const check = onceAcrossReplicas(s.db, "access-reviews", REVIEW_CHECK_MS, () => reviews.check());
  s.onClose(every(REVIEW_CHECK_MS, check, s.log, "access reviews"));

  handle(app, whoCanSeeRoutes.whoCanSee, ({ query }) => who.answer(query));
  app.get<{ Querystring: z.output<typeof WhoCanSeeQuery> }>(
    WHO_CAN_SEE_CSV_PATH,
    {
      config: { access: { menu: "policy-management" } },
      schema: {
        summary: "Who can read a catalog, schema, table or column, as CSV",
        tags: ["policies"],
        querystring: WhoCanSeeQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const name = [q.catalog, q.schema, q.table, q.column].filter(Boolean).join(".");
      return csv(reply, `who-can-see-${name}`, whoCanSeeCsv(await who.answer(q)));
    },
  );

  const r = accessReviewRoutes;
  handle(app, r.start, ({ body, actor }) => reviews.start(body, actor));
  handle(app, r.list, () => reviews.list());
  handle(app, r.mine, ({ query, principal }) => reviews.mine(principal, query));
  handle(app, r.mineCount, ({ principal }) => reviews.mineCount(principal));
  handle(app, r.get, ({ params }) => reviews.get(params.id));
  handle(app, r.items, ({ params, query }) => reviews.items(params.id, query));
  handle(app, r.close, ({ params, actor }) => reviews.close(params.id, actor));
  handle(app, r.decide, ({ params, body, principal, actor }) => reviews.decide(params.itemId, body, principal, actor));
  app.get<{ Params: { id: number } }>(
    `${ACCESS_REVIEWS_PATH}/:id/report.csv`,
    {
      config: { access: { menu: "policy-management" } },
      schema: {
        summary: "A review's report as CSV: who decided what, when and why, and what changed",
        tags: ["access reviews"],
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req, reply) => {
      const review = await reviews.get(req.params.id);
      return csv(reply, `access-review-${review.id}`, reportCsv(review, await reviewStore.allItems(s.db, review.id)));
    },
  );
}

export type ReviewServiceSync = ConstructorParameters<typeof ReviewService>[2]["sync"];
