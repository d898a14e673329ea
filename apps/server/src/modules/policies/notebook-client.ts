import { z } from "zod";
import { UpstreamError } from "../../platform/errors.js";
import { counted } from "../../platform/metrics.js";
import { parseJson, readBody } from "../../platform/upstream-body.js";

export const NOTEBOOK = "The data catalogue's notebook service";

const TagNames = z.object({ data: z.array(z.object({ name: z.string() })) });
const Tagged = z.object({
  data: z.array(
    z.object({
      catalog_name: z.string(),
      schema_name: z.string(),
      table_name: z.string(),
      column_name: z.string().nullish(),
      tag_name: z.string(),
    }),
  ),
});
export type TaggedObject = z.infer<typeof Tagged>["data"][number];

/** The notebook service's /ds/ API: tags and glossary terms, and what carries them. */
export class NotebookClient {
  private readonly base: string;
  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly token?: string,
  ) {
    this.base = baseUrl.replace(/\/+$/, "");
  }

  async tagNames(tagType: string, catalog: string, schema: string): Promise<string[]> {
    const body = await this.get("/ds/policy_tags_lk/", {
      tag_type: tagType,
      catalog_name: catalog,
      schema_name: schema,
    });
    const parsed = TagNames.safeParse(body);
    if (!parsed.success) throw new UpstreamError(NOTEBOOK, "its tag list is not in the expected shape");
    return parsed.data.data.map((d) => d.name);
  }

  async tablesByTags(tagType: string, catalog: string, schema: string | null, tags: string[]): Promise<TaggedObject[]> {
    if (tags.length === 0) return [];
    const body = await this.get("/ds/tables_by_tags/", {
      tag_type: tagType,
      catalog_name: catalog,
      ...(schema ? { schema_name: schema } : {}),
      tag_names: tags.join(","),
    });
    const parsed = Tagged.safeParse(body);
    if (!parsed.success) throw new UpstreamError(NOTEBOOK, "its tagged-table list is not in the expected shape");
    return parsed.data.data;
  }

  private get(path: string, query: Record<string, string>): Promise<unknown> {
    return counted("notebook", () => this.getOnce(path, query));
  }

  private async getOnce(path: string, query: Record<string, string>): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}?${new URLSearchParams(query)}`, {
        headers: this.token ? { "access-token": this.token } : {},
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === "TimeoutError")
        throw new UpstreamError(NOTEBOOK, `it did not answer within ${this.timeoutMs} ms`, 504);
      throw new UpstreamError(NOTEBOOK, `it cannot be reached (${e.cause?.code ?? e.message})`, 503);
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      throw new UpstreamError(NOTEBOOK, `it answered HTTP ${res.status}`);
    }
    return parseJson(NOTEBOOK, await readBody(NOTEBOOK, res, { timeoutMs: this.timeoutMs }));
  }
}
