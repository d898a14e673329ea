import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { policyRoutes } from "@console/contracts";
import { actorOf, handle } from "../../platform/http.js";
import { onceAcrossReplicas } from "../../platform/scheduled-runs.js";
import { every } from "../audits/schedule.js";
import { licenceAllowsEditing } from "../../platform/platform-status.js";
import { unauthorized, UpstreamError } from "../../platform/errors.js";
import { renderTrinoGroupFile } from "../../platform/trino-groups.js";
import { trinoRulesGuard } from "../../platform/trino-rules-token.js";
import type { Services } from "../../platform/services.js";
import { Metadata } from "./metadata.js";
import { NOTEBOOK, NotebookClient } from "./notebook-client.js";
import { accessReviewsModule } from "../access-reviews/routes.js";
import { policyCodeModule } from "./code/routes.js";
import { PERIOD_CHECK_MS } from "./periods.js";
import { impactPreviewRoutes } from "./preview-routes.js";
import { PublicationService } from "./publish.js";
import { missingColumn, missingObject } from "./request-checks.js";
import { rulesCheckModule } from "./rules-check.js";
import { selfServiceModule } from "./self-service.js";
import { PolicyService } from "./service.js";
import * as store from "./store.js";
import { TrinoClient } from "./trino-client.js";

/** The rules token in the URL, declared so that it is checked (given once, a string) before it is hashed. */
const TokenQuery = z.object({ token: z.string().optional() });

/** Trino's file access control sends no header, so the token comes in the URL; a bearer token suits a copying sidecar. */
const tokenOf = (req: FastifyRequest<{ Querystring: { token?: string } }>) =>
  req.query.token ?? /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];

export function policiesModule(app: FastifyInstance, s: Services): void {
  const c = s.config;
  const trinoUrl = c.TRINO_URL ?? s.sandbox?.urls.trino;
  const trino = trinoUrl
    ? new TrinoClient({
        baseUrl: trinoUrl,
        user: c.TRINO_USER,
        password: c.TRINO_PASSWORD,
        timeoutMs: c.TRINO_TIMEOUT_MS,
      })
    : null;
  const notebookUrl = c.NOTEBOOK_URL ?? s.sandbox?.urls.notebook;
  const notebookClient = notebookUrl
    ? new NotebookClient(notebookUrl, c.NOTEBOOK_TIMEOUT_MS, c.NOTEBOOK_ACCESS_TOKEN)
    : null;
  const notebook = () => {
    if (!notebookClient) throw new UpstreamError(NOTEBOOK, "it is not configured (set NOTEBOOK_URL)", 503);
    return notebookClient;
  };
  const metadata = new Metadata(trino, c.TRINO_METADATA_TTL_SECONDS * 1000, [c.DATA_PRODUCT_CATALOG, "system"]);
  // Cleared from the settings' cache card, from the wizard's refresh button, and by other replicas.
  s.caches.register("trino-metadata", "policy lookups", () => metadata.refresh());
  const policies = new PolicyService(s.db, s.bus, {
    dataProductCatalog: c.DATA_PRODUCT_CATALOG,
    canEdit: () => licenceAllowsEditing(c.LICENSING_ENABLED, s.licence),
    existingTags: async (p) => notebook().tagNames(p.category, p.catalogName, p.schemaName[0] ?? ""),
    missingObject: (r) => missingObject(metadata, c.DATA_PRODUCT_CATALOG, r),
    missingColumn: (r, tables) => missingColumn(metadata, r, tables),
    metadata,
  });
  const publications = new PublicationService(s.db, s.bus, notebook, metadata);
  const groupsOf = async (username: string) => (await s.directory.find(username))?.groups ?? [];
  // An access period ends on time, not at the next sync: checked every minute, on one replica.
  const periods = onceAcrossReplicas(s.db, "policy-access-periods", PERIOD_CHECK_MS, () => publications.applyPeriods());
  s.onClose(every(PERIOD_CHECK_MS, periods, s.log, "policy access periods"));

  policyCodeModule(app, s, metadata);
  selfServiceModule(app, s, groupsOf);
  rulesCheckModule(app, s, publications, groupsOf);
  // Reviews that publish their revocations when they close publish as Sync does.
  accessReviewsModule(app, s, (actor) => publications.sync(actor));
  const r = policyRoutes;
  handle(app, r.list, ({ query }) => policies.list(query));
  handle(app, r.get, ({ params }) => policies.get(params.id));
  handle(app, r.create, ({ body, actor }) => policies.create(body, actor));
  handle(app, r.update, ({ params, body, actor }) => policies.update(params.id, body, actor));
  handle(app, r.remove, ({ params, actor }) => policies.remove(params.id, actor));
  handle(app, r.check, ({ body }) => policies.check(body));
  handle(app, r.exists, async ({ params }) => ({ exists: await policies.nameExists(params.name) }));
  handle(app, r.enable, ({ params, actor }) => policies.enable(params.id, actor));
  handle(app, r.disable, ({ params, actor }) => policies.disable(params.id, actor));
  handle(app, r.clone, ({ params, actor }) => policies.clone(params.id, actor));
  handle(app, r.approve, ({ params, body, actor }) => policies.review(params.id, "approve", body, actor));
  handle(app, r.reject, ({ params, body, actor }) => policies.review(params.id, "reject", body, actor));
  handle(app, r.request, ({ body, actor }) => policies.request(body, actor));
  handle(app, r.sync, ({ actor }) => publications.sync(actor));
  handle(app, r.preview, () => publications.preview());
  impactPreviewRoutes(app, s, publications);
  handle(app, r.publications, () => publications.list());
  handle(app, r.publicationStatus, () => publications.status());
  handle(app, r.compare, ({ query }) => publications.compare(query.from, query.to));
  handle(app, r.publication, ({ params }) => publications.get(params.number));
  handle(app, r.restore, ({ params, actor }) => publications.restore(params.number, actor));
  handle(app, r.evaluate, ({ query }) => publications.visibility(query, groupsOf));
  handle(app, r.principals, () => store.principals(s.db));
  handle(app, r.lookups, async ({ query }) => {
    // A refresh drops the cached catalogue here and on every replica, then reads Trino again.
    if (query.refresh === "true") await s.caches.clear("trino-metadata");
    return metadata.lookups();
  });
  handle(app, r.columns, ({ query }) =>
    metadata.columns(
      query.catalog,
      query.schema,
      query.tables
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
        .slice(0, 200),
    ),
  );
  handle(app, r.tags, async ({ query }) => {
    const names = await notebook().tagNames(query.tag_type, query.catalog_name, query.schema_name);
    const tagged = await notebook().tablesByTags(query.tag_type, query.catalog_name, query.schema_name, names);
    return {
      data: names.map((name) => ({
        name,
        tables: [...new Set(tagged.filter((t) => t.tag_name === name).map((t) => t.table_name))].sort(),
      })),
    };
  });

  app.get(
    "/admin-api/api/v1/acl/export",
    {
      config: { access: { menu: "policy-management" } },
      schema: { summary: "Every policy as CSV", tags: ["policies"] },
    },
    async (req, reply) => {
      const csv = await policies.exportCsv(actorOf(req));
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="policies-${stamp}.csv"`)
        .send(csv);
    },
  );

  // Trino's URLs carry their own credential (no user session): the rules token, unless anonymity is turned on.
  const holdsToken = trinoRulesGuard(s.db, c);
  const requireToken = async (req: FastifyRequest<{ Querystring: { token?: string } }>) => {
    if (!(await holdsToken(tokenOf(req))))
      throw unauthorized("A valid rules token is required.", "the rules token is missing or does not match");
  };

  // Trino polls this (security.config-file set to this URL).
  app.get<{ Querystring: { token?: string } }>(
    "/trino/rules.json",
    {
      config: { access: "public", quietLog: true },
      schema: { summary: "The current publication's rules for Trino", tags: ["policies"], querystring: TokenQuery },
    },
    async (req, reply) => {
      await requireToken(req);
      // Trino polls this every few seconds: answered from memory, without touching the database.
      const current = publications.currentNow() ?? (await publications.current());
      // Nothing published yet: no rules Trino can parse exist, so it keeps what it has.
      if (!current)
        return reply
          .code(404)
          .send({ error: "No publication exists yet; sync the policies.", error_description: "not_found" });
      reply
        .header("etag", current.etag)
        .header("x-publication", String(current.number))
        .header("cache-control", "no-cache");
      if (req.headers["if-none-match"] === current.etag) return reply.code(304).send();
      return reply.header("content-type", "application/json; charset=utf-8").send(current.body);
    },
  );

  // Trino's group provider reads a local file only: a sidecar can copy this one beside it.
  app.get<{ Querystring: { token?: string } }>(
    "/trino/group.txt",
    {
      config: { access: "public", quietLog: true },
      schema: {
        summary: "Trino's group file (group:user1,user2 per line)",
        tags: ["policies"],
        querystring: TokenQuery,
      },
    },
    async (req, reply) => {
      await requireToken(req);
      return reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(await renderTrinoGroupFile(s.db));
    },
  );
}
