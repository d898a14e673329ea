import type { FastifyInstance } from "fastify";
import { CATALOGUE, type SimTable } from "../trino/catalogue.js";

/** The tag kinds the console asks for, as the notebook service names them. */
const TAG_TYPES = ["tableTags", "columnTags", "tableGlossary", "columnGlossary"] as const;
type TagType = (typeof TAG_TYPES)[number];

interface Tagged {
  catalog_name: string;
  schema_name: string;
  table_name: string;
  column_name: string | null;
  tag_name: string;
}

function tagged(type: TagType, tables: readonly SimTable[]): Tagged[] {
  const out: Tagged[] = [];
  for (const t of tables) {
    const at = { catalog_name: t.catalog, schema_name: t.schema, table_name: t.name };
    if (type === "tableTags") for (const tag of t.tags ?? []) out.push({ ...at, column_name: null, tag_name: tag });
    if (type === "tableGlossary") for (const g of t.glossary ?? []) out.push({ ...at, column_name: null, tag_name: g });
    for (const c of t.columns) {
      if (type === "columnTags")
        for (const tag of c.tags ?? []) out.push({ ...at, column_name: c.name, tag_name: tag });
      if (type === "columnGlossary")
        for (const g of c.glossary ?? []) out.push({ ...at, column_name: c.name, tag_name: g });
    }
  }
  return out;
}

interface TagQuery {
  tag_type?: string;
  catalog_name?: string;
  schema_name?: string;
  tag_names?: string;
}

/**
 * The data catalogue's tag endpoints the policy screens use. Each group of endpoints is one
 * small function registering its routes, so more (audit events, classification history) can
 * be added beside these.
 */
export function tagRoutes(app: FastifyInstance, state: { removedTags: Set<string> }): void {
  const pick = (q: TagQuery) => {
    if (!TAG_TYPES.includes(q.tag_type as TagType)) return null;
    const tables = CATALOGUE.filter(
      (t) => (!q.catalog_name || t.catalog === q.catalog_name) && (!q.schema_name || t.schema === q.schema_name),
    );
    return tagged(q.tag_type as TagType, tables).filter((x) => !state.removedTags.has(x.tag_name));
  };
  app.get<{ Querystring: TagQuery }>("/ds/policy_tags_lk/", async (req, reply) => {
    const rows = pick(req.query);
    if (!rows) return reply.code(400).send({ detail: `tag_type must be one of ${TAG_TYPES.join(", ")}` });
    const names = [...new Set(rows.map((r) => r.tag_name))].sort();
    return { data: names.map((name) => ({ name })), total_count: names.length };
  });
  app.get<{ Querystring: TagQuery }>("/ds/tables_by_tags/", async (req, reply) => {
    const rows = pick(req.query);
    if (!rows) return reply.code(400).send({ detail: `tag_type must be one of ${TAG_TYPES.join(", ")}` });
    const wanted = new Set(
      (req.query.tag_names ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const data = rows.filter((r) => wanted.has(r.tag_name));
    return { data, total_count: data.length };
  });
}
