import type { z } from "zod";

/** A problem in a document or an input, named by its path (`tables.3.privileges.0`). */
export interface Problem {
  path: string;
  message: string;
}

/** Zod's issues as problems: one per unknown key, "required" for a missing value. */
export function problemsOf(error: z.ZodError): Problem[] {
  const out: Problem[] = [];
  for (const i of error.issues) {
    const base = i.path.map(String);
    if (i.code === "unrecognized_keys") {
      for (const k of i.keys) out.push({ path: [...base, k].join("."), message: "unknown key" });
    } else if (i.code === "invalid_type" && i.message.endsWith("received undefined")) {
      out.push({ path: base.join("."), message: "required" });
    } else out.push({ path: base.join("."), message: i.message });
  }
  return out;
}
