import { InvalidSchemaError, ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, safeParse } from "zod/v4/core";

/**
 * Responses are checked against their contract before they leave: the schema strips what it
 * does not name (nothing unlisted, such as a secret column, can slip out) and refuses a wrong
 * shape. The provider's own compiler looks the schema up again on every response; this one
 * does it once, when the route is compiled, as a page of audit events is answered in about a
 * millisecond and the lookup was a noticeable part of it.
 */
export const serializerCompiler = ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
  const zod = resolve(schema);
  return (data: unknown): string => {
    const result = safeParse(zod, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function resolve(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof $ZodType) return inner;
  throw new InvalidSchemaError(JSON.stringify(schema));
}
