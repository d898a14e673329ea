import type { FastifyInstance } from "fastify";
import { rulesCheckRoutes, type RulesCheckResult, type TrinoRules } from "@console/contracts";
import { parseInput, type AccessInput, type DecidedBy } from "@console/trino-access";
import { HttpError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { engineOf, rulesProblems } from "./engines.js";
import { groupsAt, loadPublication } from "./explain.js";
import type { PublicationService } from "./publish.js";
import * as store from "./store.js";

type Sources = Partial<Record<string, number[][]>>;

/** A 400 listing every problem by its field; the first one named in the sentence. */
function refused(problems: Array<{ field: string; message: string }>): HttpError {
  const fields: Record<string, string[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push(p.message);
  const first = problems[0]!;
  return new HttpError(400, `${first.field}: ${first.message}`, "invalid_request", first.field, {}, fields);
}

/**
 * The rules checker: `POST /acl/rules/check` decides OPA-shaped inputs with the rules engine,
 * as Trino would under the chosen rules, and with `explain` names the rules (and the policies
 * behind them) that decided. It reads only and writes no audit event.
 */
export function rulesCheckModule(
  app: FastifyInstance,
  s: Services,
  publications: PublicationService,
  groupsOf: (user: string) => Promise<string[]>,
): void {
  handle(app, rulesCheckRoutes.check, async ({ body }): Promise<RulesCheckResult> => {
    const inputs: AccessInput[] = [];
    const problems: Array<{ field: string; message: string }> = [];
    body.inputs.forEach((x, i) => {
      const r = parseInput(x);
      if (r.ok) inputs.push(r.input);
      else for (const p of r.problems) problems.push({ field: `body.inputs.${i}.${p.path}`, message: p.message });
    });
    let rules: TrinoRules | Record<string, unknown>;
    let source: RulesCheckResult["source"];
    let publication: number | null = null;
    let sources: Sources | null = null;
    let names = new Map<number, { name: string; system: boolean }>();
    if (body.rules) {
      for (const p of rulesProblems(body.rules)) problems.push({ field: `body.rules.${p.path}`, message: p.message });
      if (problems.length > 0) throw refused(problems);
      rules = body.rules;
      source = "document";
    } else {
      if (problems.length > 0) throw refused(problems);
      if (body.candidate) {
        const c = await publications.candidate();
        rules = c.rules;
        sources = c.sources;
        names = new Map(c.policies.map((p) => [p.id, { name: p.policyName, system: p.system ?? false }]));
        source = "candidate";
      } else {
        publication = body.publication ?? (await store.currentNumber(s.db));
        if (publication === null)
          throw new HttpError(
            409,
            "Nothing is published yet: sync first, or check Sync's candidate or a rules document.",
            "no_publication",
          );
        const pub = await loadPublication(s.db, publication);
        if (!pub)
          throw new HttpError(404, `Publication ${publication} does not exist.`, "not_found", "body.publication");
        rules = pub.rules;
        sources = pub.inputs?.sources ?? null;
        names = new Map(
          (pub.inputs?.policies ?? []).map((p) => [p.id, { name: p.policyName, system: p.system ?? false }]),
        );
        source = "publication";
      }
    }
    const engine = engineOf(rules);
    if (!body.explain) return { source, publication, results: inputs.map((x) => engine.check(x)) };
    const policiesOf = (by: DecidedBy[]) => {
      const ids = new Set<number>();
      for (const d of by) if ("index" in d) for (const id of sources?.[d.section]?.[d.index] ?? []) ids.add(id);
      return [...ids].map((id) => ({
        id,
        name: names.get(id)?.name ?? `policy ${id}`,
        system: names.get(id)?.system ?? false,
      }));
    };
    const explained = inputs.map((x) => engine.explain(x));
    return {
      source,
      publication,
      results: explained.map((e) => e.result),
      explanations: explained.map((e) => ({
        reason: e.reason,
        decidedBy: e.decidedBy,
        policies: policiesOf(e.decidedBy),
      })),
    };
  });

  handle(app, rulesCheckRoutes.identity, async ({ params }) => {
    const number = await store.currentNumber(s.db);
    const pub = number === null ? null : await loadPublication(s.db, number);
    const users = await store.principals(s.db);
    const groups = groupsAt(pub?.inputs ?? null, params.username) ?? (await groupsOf(params.username));
    return { user: params.username, groups, exists: users.users.includes(params.username) };
  });
}
