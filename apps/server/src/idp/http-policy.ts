import type { KoaContextWithOIDC, Provider } from "oidc-provider";
import { securityHeaders } from "../platform/security-headers.js";

/** How long browsers and proxies may keep the discovery document and the public keys. */
export const DISCOVERY_MAX_AGE_SECONDS = 300;

const CACHEABLE_ROUTES = new Set(["discovery", "jwks"]);

/**
 * The provider answers outside Fastify, so its answers get here what every other answer of the
 * console gets: the security headers. The discovery document and the keys may be cached a
 * while. Cross-origin calls are answered only for the console's own origin and its client's
 * (the provider would otherwise echo any Origin on its open routes).
 */
export function httpPolicyMiddleware(publicUrl: string, allowedOrigins: Set<string>): Parameters<Provider["use"]>[0] {
  return async (koa, next) => {
    const ctx = koa as KoaContextWithOIDC;
    await next();
    const answer = {
      contentType: String(ctx.response.get("content-type") ?? ""),
      hasPolicy: !!ctx.response.get("content-security-policy"),
    };
    for (const [name, value] of securityHeaders(publicUrl, answer)) ctx.set(name, value);
    if (ctx.status === 200 && CACHEABLE_ROUTES.has(ctx.oidc?.route ?? ""))
      ctx.set("cache-control", `public, max-age=${DISCOVERY_MAX_AGE_SECONDS}`);
    const origin = ctx.get("origin");
    if (origin && !allowedOrigins.has(origin)) {
      for (const name of Object.keys(ctx.response.headers))
        if (name.toLowerCase().startsWith("access-control-")) ctx.remove(name);
      // A refused preflight says so instead of answering 204 with nothing allowed.
      if (ctx.method === "OPTIONS") {
        ctx.status = 403;
        ctx.body = { error: "invalid_request", error_description: "this origin may not call the provider" };
      }
    }
  };
}
