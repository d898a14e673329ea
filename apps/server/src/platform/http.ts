import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Access, RouteDef } from "@console/contracts";
import { ErrorBody } from "@console/contracts";
import type { Principal } from "./access.js";
import type { Actor } from "./audit.js";
import { badRequest } from "./errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Polled often (Trino's rules refresh): its successful answers are logged at debug level only. */
    quietLog?: boolean;
    /** A file of the built web app: logged at debug level, as a page load asks for dozens. */
    staticFile?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface Ctx<D extends RouteDef> {
  params: Out<D["params"]>;
  query: Out<D["query"]>;
  body: Out<D["body"]>;
  principal: Principal;
  actor: Actor;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<D extends RouteDef> = (ctx: Ctx<D>) => Promise<z.input<D["response"]>> | z.input<D["response"]>;

export function actorOf(req: FastifyRequest): Actor {
  return { username: req.principal?.username ?? "anonymous", ipAddress: req.ip ?? null };
}

/** Whether the route's query schema takes a list for `name` (then it may be given more than once). */
function takesList(querySchema: unknown, name: string): boolean {
  type Def = { type: string; innerType?: Field; in?: Field };
  type Field = { _zod: { def: Def } };
  const shape = (querySchema as { shape?: Record<string, Field> }).shape;
  // Own keys only: `?__proto__=a&__proto__=b` must not read Object.prototype as a field.
  let field = shape && Object.hasOwn(shape, name) ? shape[name] : undefined;
  while (field) {
    const def = field._zod.def;
    if (def.type === "array") return true;
    field = def.innerType ?? def.in;
  }
  return false;
}

/**
 * A query parameter given more than once (`?token=a&token=b`) becomes a list, which no route's
 * code expects (a token hashed as a list answered 500): every route with a query refuses it
 * with a 400 naming it, before its own checks. A route without a query schema reads no query.
 */
export async function refuseRepeatedQuery(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema?.querystring;
  if (!schema) return;
  for (const [name, value] of Object.entries((req.query ?? {}) as Record<string, unknown>))
    if (Array.isArray(value) && !takesList(schema, name))
      throw badRequest(`query.${name}: must be given once`, `query.${name}`, "repeated_parameter");
}

/** Who may call the route, in the OpenAPI document's words. */
function accessNote(access: Exclude<Access, string>): string {
  const menus = typeof access.menu === "string" ? [access.menu] : access.menu;
  const menu = `Needs the ${menus.map((m) => `\`${m}\``).join(" or ")} menu`;
  return access.component ? `${menu} and the \`${access.component}\` component.` : `${menu}.`;
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 502, 503] as const;

/** Registers a route from its contract: schemas, access and OpenAPI all come from `def`. */
export function handle<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>): void {
  const status = def.status ?? 200;
  const response: Record<number, z.ZodType> = { [status]: def.response };
  for (const s of ERROR_STATUSES) response[s] = ErrorBody;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path.replace(/:([A-Za-z_]+)/g, ":$1"),
    config: { access: def.access },
    schema: {
      summary: def.summary,
      ...(typeof def.access === "object" && def.access.component ? { description: accessNote(def.access) } : {}),
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response,
      ...(def.access === "public" ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        principal: req.principal as Principal,
        actor: actorOf(req),
        req,
        reply,
      });
      if (status !== 200) reply.code(status);
      if (status === 204) return reply.send();
      return result;
    },
  });
}
