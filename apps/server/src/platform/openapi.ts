import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the contracts every route is registered with. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Platform Console API",
        description:
          "Administration API of the data platform console. Every route needs a bearer access token from the configured OpenID Connect issuer, except where marked public. Errors are `{error, error_description}`.",
        version: "1.0.0",
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, () => app.swagger());
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...(route.config as object), access: "public" };
    });
    await scope.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });
  });
}
