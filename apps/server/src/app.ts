import { randomUUID } from "node:crypto";
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { auditRoutes } from "@console/contracts";
import { trustProxyOption, type Config } from "./config.js";
import { createEmbeddedIdp, registerEmbeddedIdp } from "./idp/index.js";
import { ClusterCache } from "./modules/cluster/cache.js";
import { setMaxAnswerBytes } from "./platform/upstream-body.js";
import { modules } from "./modules/index.js";
import { InstalledLicence } from "./modules/licences/check.js";
import { parsePublicKey } from "./modules/licences/format.js";
import { loadComponentsFile } from "./modules/shell/components-file.js";
import { AccessControl } from "./platform/access.js";
import { Authenticator } from "./platform/auth.js";
import { bootstrap, type BootstrapResult } from "./platform/bootstrap.js";
import { CacheBus } from "./platform/cache-bus.js";
import { CacheRegistry } from "./platform/cache-registry.js";
import { migrate, openDb, type Db } from "./platform/db/index.js";
import { registerMetrics } from "./platform/metrics.js";
import { Directory } from "./platform/directory.js";
import { forbidden, frameworkErrors, registerErrorHandling } from "./platform/errors.js";
import { refuseRepeatedQuery } from "./platform/http.js";
import { registerOpenApi } from "./platform/openapi.js";
import { prettyStream } from "./platform/pretty-log.js";
import { registerSecurityHeaders } from "./platform/security-headers.js";
import { closeConnectionsWhenDraining } from "./platform/draining.js";
import { SessionStates } from "./platform/sessions.js";
import { KubernetesStatus } from "./platform/cluster-status.js";
import { configuredKubeClients, type KubeClients } from "./platform/kubernetes.js";
import { NoCluster, NoLicence, type LicenceCheck, type PlatformStatusSource } from "./platform/platform-status.js";
import type { SandboxLink, Services } from "./platform/services.js";
import { defaultWebDir, registerWebApp, servedWebFile } from "./platform/web.js";
import { ensureTrinoRulesToken } from "./platform/trino-rules-token.js";

export interface BuildOptions {
  /** An open database (tests); otherwise opened from the config. */
  db?: Db;
  /** Pino logger options or false to stay quiet (tests). */
  logger?: boolean | object;
  webDir?: string;
  platformStatus?: PlatformStatusSource;
  licence?: LicenceCheck;
  /** The running sandbox platform, when no real systems are configured. */
  sandbox?: SandboxLink | null;
  /** Kubernetes clients (tests); otherwise from the config or the sandbox's kubernetes part. */
  kube?: KubeClients | null;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  bootstrapResult: BootstrapResult;
  /** The token Trino fetches its rules with, when generated at this start (shown once). */
  generatedTrinoRulesToken: string | null;
}

/** Routes called many times a second by machines (the query and object-store audit feeds): logged at debug. */
const QUIET_ROUTES = new Set<string>([auditRoutes.ingestTrino.path, auditRoutes.ingestMinio.path]);

/** Probes of the orchestrator and the load balancer, every few seconds: logged at debug. */
const HEALTH_CHECKS = new Set(["/healthz", "/readyz"]);

export function loggerOptions(level: string, pretty = false) {
  return {
    level,
    // Readable lines at a terminal, JSON for everything else (files, pipes, collectors).
    ...(pretty ? { stream: prettyStream() } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "req.headers['x-trino-ingest-token']",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
        "*.value",
      ],
      censor: "[redacted]",
    },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.LOG_LEVEL, process.stdout.isTTY === true),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook("preValidation", refuseRepeatedQuery);
  registerSecurityHeaders(app, config.publicUrl);
  closeConnectionsWhenDraining(app);
  app.decorateRequest("principal", null);
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => void routes.push(route));
  app.addHook("onSend", async (req, reply, payload) => {
    reply.header("x-request-id", req.id);
    return payload;
  });
  app.addHook("onResponse", async (req, reply) => {
    // The web app's files (dozens a page load) and health checks are logged at debug, so that
    // the terminal shows the API calls, one line each. Machines' calls that succeed, or find
    // nothing yet (Trino polling rules before the first publication), are logged at debug too;
    // a refused one (401, 403, 400) stays at info.
    const path = req.url.split("?")[0]!;
    const quiet =
      HEALTH_CHECKS.has(path) ||
      servedWebFile(req) ||
      ((req.routeOptions.config?.quietLog || QUIET_ROUTES.has(req.routeOptions.url ?? "")) &&
        (reply.statusCode < 400 || reply.statusCode === 404));
    const level = reply.statusCode >= 500 ? "error" : quiet ? "debug" : "info";
    req.log[level](
      {
        method: req.method,
        url: path,
        route: req.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: req.principal?.username,
      },
      "request",
    );
  });

  const db = opts.db ?? (await openDb(config));
  registerMetrics(app, config, db);
  await migrate(db);
  const components = loadComponentsFile(config.componentsFile);
  const bootstrapResult = await bootstrap(db, config, components);
  const generatedTrinoRulesToken = await ensureTrinoRulesToken(db, config);

  const bus = new CacheBus(db);
  await bus.start();
  const directory = new Directory(db, bus);
  const access = new AccessControl(db, config, bus);
  const idp = config.embeddedIdp ? await createEmbeddedIdp(config, db, bus) : null;
  const sessions = new SessionStates(db, bus, config.SESSION_CHECK_SECONDS * 1000);
  const auth = new Authenticator(config, directory, sessions, idp ? idp.publicJwks : undefined);

  setMaxAnswerBytes(config.EXTERNAL_ANSWER_MAX_MB * 1024 * 1024);
  const kube =
    opts.kube !== undefined ? opts.kube : configuredKubeClients(config, opts.sandbox?.urls.kubernetes ?? null);
  const closers: Array<() => Promise<void> | void> = [];
  const services: Services = {
    config,
    db,
    bus,
    directory,
    access,
    auth,
    idp,
    components,
    platformStatus:
      opts.platformStatus ?? (kube ? new KubernetesStatus(kube, config.KUBERNETES_STATUS_CACHE_MS) : new NoCluster()),
    kube,
    clusterCache: kube
      ? new ClusterCache(kube, {
          waitMs: config.KUBERNETES_TIMEOUT_MS,
          connectMs: config.KUBERNETES_TIMEOUT_MS,
          listIntervalMs: config.KUBERNETES_LIST_SECONDS * 1000,
        })
      : null,
    licence:
      opts.licence ??
      (config.LICENSING_ENABLED && config.LICENSE_PUBLIC_KEY
        ? new InstalledLicence(db, parsePublicKey(config.LICENSE_PUBLIC_KEY), bus)
        : new NoLicence(config.LICENSING_ENABLED)),
    log: app.log,
    sandbox: opts.sandbox ?? null,
    routes,
    onClose: (fn) => closers.push(fn),
    caches: new CacheRegistry(bus, (err, name) => app.log.warn({ err, cache: name }, "a cache could not be cleared")),
  };

  // Every route declares who may call it; anything undeclared is refused (fail closed).
  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === "public") return;
    if (access === undefined) {
      // No matched route: the not-found handler answers.
      if (req.routeOptions.url === undefined) return;
      throw forbidden("This route is not available.", "route declares no access rule");
    }
    req.principal = await auth.authenticate(req);
    if (access === "authenticated") return;
    const menus = typeof access.menu === "string" ? [access.menu] : access.menu;
    const allowed = await services.access.menusFor(req.principal);
    if (!menus.some((m) => (allowed as string[]).includes(m)))
      throw forbidden("You are not authorized to do this.", `menu ${menus.join(" or ")} is required`);
    if (access.component && !(await services.access.componentsFor(req.principal)).has(access.component))
      throw forbidden(
        `You are not authorized to do this: it needs the ${access.component} component.`,
        `component ${access.component} is required`,
      );
  });

  await registerOpenApi(app, config.publicUrl);

  app.get("/healthz", { config: { access: "public" }, schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { access: "public" }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.ping();
      return { status: "ready", database: db.kind };
    } catch {
      return reply.code(503).send({ error: "The database is unavailable.", error_description: "database_unavailable" });
    }
  });

  if (idp) await registerEmbeddedIdp(app, idp, { config, db, bus });
  for (const register of modules) await register(app, services);

  const issuerOrigin = new URL(config.issuer).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Ant Design writes its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${issuerOrigin}`,
    `frame-src 'self' ${issuerOrigin}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  await registerWebApp(app, opts.webDir ?? defaultWebDir(), csp);

  app.addHook("onClose", async () => {
    for (const fn of closers.reverse()) await fn();
    await bus.stop();
    if (!opts.db) await db.close();
  });

  return { app, services, bootstrapResult, generatedTrinoRulesToken };
}
