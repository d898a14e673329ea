import type { FastifyInstance } from "fastify";
import { settingsRoutes } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { cacheRoutesModule } from "./caches.js";
import { readInsightsPreference, toWire, updateInsightsPreference } from "./preferences.js";
import { readDefaultTerms, updateDefaultTerms } from "./terms.js";

/** General settings: the insights preference, the default general terms and cache management. */
export function settingsModule(app: FastifyInstance, s: Services): void {
  handle(app, settingsRoutes.insightsPreferences, async () => toWire(await readInsightsPreference(s.db)));
  handle(app, settingsRoutes.updateInsightsPreferences, ({ actor, body }) => updateInsightsPreference(s, actor, body));
  handle(app, settingsRoutes.defaultTerms, () => readDefaultTerms(s.db));
  handle(app, settingsRoutes.updateDefaultTerms, ({ actor, body }) => updateDefaultTerms(s, actor, body));
  cacheRoutesModule(app, s);
}
