import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { LICENCE_FILE_MAX_BYTES, licenceRoutes } from "@console/contracts";
import { notFound } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { parsePublicKey, todayUtc } from "./format.js";
import { readUpload, uploadLicence, withdrawLicence } from "./service.js";
import { licenceHistory } from "./store.js";

export async function licencesModule(app: FastifyInstance, s: Services): Promise<void> {
  const key = s.config.LICENSE_PUBLIC_KEY ? parsePublicKey(s.config.LICENSE_PUBLIC_KEY) : null;
  const licensing = () => {
    if (!s.config.LICENSING_ENABLED || !key) throw notFound("Licensing on this console");
    return key;
  };
  handle(app, licenceRoutes.verify, async () => {
    licensing();
    return s.licence.verify();
  });
  handle(app, licenceRoutes.history, async () => {
    licensing();
    return licenceHistory(s.db, todayUtc());
  });
  handle(app, licenceRoutes.remove, async ({ actor, params }) => {
    return withdrawLicence(s, licensing(), actor, params.id);
  });
  // Multipart parsing only where a file is expected; a second file is read only to refuse it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LICENCE_FILE_MAX_BYTES, files: 2, fields: 4, fieldSize: 4096, parts: 6 },
      throwFileSizeLimit: true,
    });
    handle(scope, licenceRoutes.upload, async ({ actor, req }) => {
      const publicKey = licensing();
      return uploadLicence(s, publicKey, actor, await readUpload(req));
    });
  });
}
