import type { FastifyInstance } from "fastify";

/**
 * Headers every answer carries. HTML pages set their own Content-Security-Policy (the web
 * app's, the sign-in page's with a nonce); anything else gets one that allows nothing, so an
 * API answer opened in a browser can neither run nor be framed.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const https = publicUrl.startsWith("https://");
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "SAMEORIGIN");
    reply.header("referrer-policy", "same-origin");
    if (https) reply.header("strict-transport-security", "max-age=31536000");
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("text/html") && !reply.hasHeader("content-security-policy"))
      reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });
}
