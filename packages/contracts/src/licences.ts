import { z } from "zod";
import { route } from "./route.js";

export const LicenceCheck = z
  .object({ valid: z.boolean(), daysToExpiry: z.number().int() })
  .meta({ id: "LicenceCheck" });
export type LicenceCheck = z.infer<typeof LicenceCheck>;

export const licenceRoutes = {
  verify: route({
    method: "GET",
    path: "/license/api/v1/verify",
    access: "authenticated",
    summary: "Whether the installed licence is valid, and the days until it expires",
    tags: ["licences"],
    response: LicenceCheck,
  }),
};
