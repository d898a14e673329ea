import type { FastifyInstance } from "fastify";

/** A CSP for answers that are not pages: nothing runs, nothing frames them. */
const NO_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries, as name and value. HTML pages set their own
 * Content-Security-Policy (the web app's, the sign-in page's with a nonce); anything else gets
 * one that allows nothing, so an API answer opened in a browser can neither run nor be framed.
 */
export function securityHeaders(
  publicUrl: string,
  answer: { contentType: string; hasPolicy: boolean },
): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "SAMEORIGIN"],
    ["referrer-policy", "same-origin"],
  ];
  if (publicUrl.startsWith("https://")) headers.push(["strict-transport-security", "max-age=31536000"]);
  if (!answer.contentType.startsWith("text/html") && !answer.hasPolicy)
    headers.push(["content-security-policy", NO_CONTENT_POLICY]);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  app.addHook("onSend", async (_req, reply, payload) => {
    const answer = {
      contentType: String(reply.getHeader("content-type") ?? ""),
      hasPolicy: reply.hasHeader("content-security-policy"),
    };
    for (const [name, value] of securityHeaders(publicUrl, answer)) reply.header(name, value);
    return payload;
  });
}
