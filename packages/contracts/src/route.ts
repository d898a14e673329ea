import type { z } from "zod";

/**
 * Who may call a route. A menu key means "signed in and allowed that menu" (a list: any of
 * them, for data several screens share); a component, when given, must be held as well
 * (component permissions), for routes that act on one platform component;
 * "authenticated" means any signed-in, enabled user; "public" is reserved for
 * health, sign-in, static files and endpoints with their own credentials.
 */
export type Access = { menu: string | readonly string[]; component?: string } | "authenticated" | "public";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export interface RouteDef {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status when it is not 200 (201, 202, 204). */
  status?: number;
}

/** Declares a route; method and path keep their literal types so callers are checked against them. */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ParamsOf<D extends RouteDef> = In<D["params"]>;
export type QueryOf<D extends RouteDef> = In<D["query"]>;
export type BodyOf<D extends RouteDef> = In<D["body"]>;
export type ResponseOf<D extends RouteDef> = z.output<D["response"]>;

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
