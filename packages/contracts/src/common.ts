import { z } from "zod";

/** Every 4xx/5xx body. `error` is the sentence a person reads; `error_description` the detail. */
export const ErrorBody = z
  .object({
    error: z.string(),
    error_description: z.string(),
    field: z.string().optional(),
    /** Messages per field when several are wrong (e.g. an external system's validation). */
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() }).meta({ id: "Message" });
export type MessageBody = z.infer<typeof MessageBody>;

export const Empty = z.object({}).strict();

/** Page of rows with the total count, used by every paged list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
});

/** A list sent as `a|b|c` on the wire (the spec's joined fields). */
export const pipeList = z
  .string()
  .max(100_000)
  .transform((s) =>
    s
      .split("|")
      .map((x) => x.trim())
      .filter(Boolean),
  );

export const IdParam = z.object({ id: z.string().min(1).max(100) });
