import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** An error that becomes an HTTP answer with `{error, error_description}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string = error,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** Messages per field, when several fields are wrong. */
    readonly fields?: Record<string, string[]>,
  ) {
    // No stack: an HttpError is an answer, never logged with one, and capturing it (through
    // every await of the request) cost more than the rest of a refused call.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(error);
    Error.stackTraceLimit = limit;
  }
}

export const badRequest = (error: string, field?: string, description?: string) =>
  new HttpError(400, error, description ?? (field ? `invalid value for ${field}` : "invalid request"), field);
export const unauthorized = (error: string, description: string) =>
  new HttpError(401, error, description, undefined, { "www-authenticate": `Bearer error="invalid_token"` });
export const forbidden = (error = "You are not allowed to do this.", description = "forbidden") =>
  new HttpError(403, error, description);
export const notFound = (what: string) => new HttpError(404, `${what} was not found.`, "not_found");
export const conflict = (error: string, field?: string) => new HttpError(409, error, "conflict", field);

/** A system the console depends on did not answer as it should. */
export class UpstreamError extends HttpError {
  constructor(
    readonly system: string,
    detail: string,
    status: 502 | 503 | 504 = 502,
  ) {
    super(status, `${system} is unavailable: ${detail}`, `upstream_error: ${system}`);
  }
}

const DB_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02",
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  const msg = e?.message ?? "";
  return (
    msg.includes("Connection terminated") ||
    msg.includes("timeout exceeded when trying to connect") ||
    msg.includes("Query read timeout") ||
    msg.includes("Client has encountered a connection error")
  );
}

/** PostgreSQL's class 22 (data exception): invalid text, byte sequence, number or date. */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}

function describeIssue(
  issue: { instancePath?: string; message?: string; keyword?: string; params?: { keys?: unknown } },
  part: string,
) {
  const path = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
  const at = path ? `${part}.${path}` : part;
  // A key the contract does not know is named itself: a typo must not pass as a field left out.
  const keys = issue.keyword === "unrecognized_keys" && Array.isArray(issue.params?.keys) ? issue.params.keys : [];
  if (keys.length > 0) {
    const field = `${at}.${String(keys[0])}`;
    return { field, message: `${field}: unknown field` };
  }
  return { field: at, message: `${at}: ${issue.message ?? "is invalid"}` };
}

/**
 * Errors Fastify raises before any route runs (a path that is not valid percent-encoded
 * UTF-8, a malformed Content-Type): answered in the console's own error shape.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply.code(status).send({
    error: err.code === "FST_ERR_BAD_URL" ? "The address is not valid." : err.message,
    error_description: err.code ?? "bad_request",
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      void reply
        .headers(err.headers)
        .code(err.status)
        .send({
          error: err.error,
          error_description: err.description,
          ...(err.field ? { field: err.field } : {}),
          ...(err.fields ? { fields: err.fields } : {}),
        });
      if (err.status >= 500) req.log.warn({ err: { message: err.message } }, "upstream failure");
      return;
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]!;
      const part = (err.validationContext ?? "body").replace("querystring", "query");
      const { field, message } = describeIssue(first, part);
      void reply.code(400).send({ error: message, error_description: "validation_failed", field });
      return;
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, "response did not match its contract");
      void reply.code(500).send({ error: "Something went wrong.", error_description: "response_contract_violation" });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ code: (err as { code?: string }).code }, "database unavailable");
      void reply
        .code(503)
        .header("retry-after", "5")
        .send({ error: "The database is unavailable. Try again shortly.", error_description: "database_unavailable" });
      return;
    }
    if (isDataException(err)) {
      // A value no validator caught but the database cannot take (a NUL character, a
      // number out of range): the request is bad, the server is not.
      req.log.info({ code: (err as { code?: string }).code }, "value refused by the database");
      void reply.code(400).send({
        error: "The request contains a value that cannot be stored (for example a NUL character).",
        error_description: "invalid_value",
      });
      return;
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: bad JSON, body too large, unsupported media type, and so on.
      void reply.code(status).send({ error: err.message, error_description: err.code ?? "bad_request" });
      return;
    }
    req.log.error({ err }, "unhandled error");
    void reply.code(500).send({ error: "Something went wrong.", error_description: "internal_error" });
  });
}
