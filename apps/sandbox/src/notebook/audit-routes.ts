import type { FastifyInstance } from "fastify";

/** The access-token header the sandbox's audit endpoints expect (the console sends it). */
export const NOTEBOOK_SANDBOX_TOKEN = "sandbox-notebook-token";

const USERS = ["erin", "frank", "alice", "bob"];
const NOTEBOOKS = ["sales", "churn model", "finance close", "marketing funnel"];

/** Query notebook events: one every ten minutes, computed from the clock, newest first. */
function events(now: number) {
  const last = Math.floor(now / 600_000);
  return Array.from({ length: 500 }, (_, i) => {
    const slot = last - i;
    return {
      id: slot,
      created_at: slot * 600,
      username: USERS[slot % USERS.length]!,
      ip_address: `10.40.0.${(slot % 200) + 1}`,
      summary: `<p>Ran notebook <b>cell ${(slot % 9) + 1}</b> of &quot;${NOTEBOOKS[slot % NOTEBOOKS.length]}&quot;</p>`,
      status_code: slot % 13 === 0 ? 500 : 200,
    };
  });
}

/** Classification rule history: a fixed story of rules being created, tuned and disabled. */
function history(now: number) {
  const at = (minutesAgo: number) => Math.floor(now / 1000) - minutesAgo * 60;
  return [
    {
      id: 6,
      created_at: at(2),
      created_by: "erin",
      ip_address: "10.40.1.5",
      rule_name: "customer-email",
      action_name: "UPDATE",
      change_set: [
        { column: "description", oldVal: "E-mail", newVal: "Customer e-mail addresses" },
        { column: "regex", oldVal: "^.+@.+$", newVal: "^.+@.+$|^[a-z]+@corp\\.com$|^x@y$" },
        { column: "predictionFactor", oldVal: { name: 0.3, value: 0.7 }, newVal: { name: 0.25, value: 0.75 } },
      ],
    },
    {
      id: 5,
      created_at: at(30),
      created_by: "frank",
      ip_address: "10.40.1.6",
      rule_name: "iban",
      action_name: "DISABLE",
      change_set: null,
    },
    {
      id: 4,
      created_at: at(90),
      created_by: "frank",
      ip_address: "10.40.1.6",
      rule_name: "iban",
      action_name: "UPDATE",
      change_set: [
        { column: "customTags", oldVal: "finance", newVal: "finance|pii" },
        { column: "datatype", oldVal: "string", newVal: "varchar" },
      ],
    },
    {
      id: 3,
      created_at: at(200),
      created_by: "frank",
      ip_address: "10.40.1.6",
      rule_name: "iban",
      action_name: "CREATE",
      change_set: null,
    },
    {
      id: 2,
      created_at: at(400),
      created_by: "erin",
      ip_address: "10.40.1.5",
      rule_name: "customer-email",
      action_name: "SYNC",
      change_set: null,
    },
    {
      id: 1,
      created_at: at(500),
      created_by: "erin",
      ip_address: "10.40.1.5",
      rule_name: "customer-email",
      action_name: "CREATE",
      change_set: null,
    },
  ];
}

type Q = Record<string, string | undefined>;
const secondsOf = (s: string | undefined) => (s ? Date.parse(`${s.replace(" ", "T")}Z`) / 1000 : undefined);

/** /ds/event_log/ and /ds/dataclassification/rule/history/, paged by offset and limit. */
export function auditRoutes(app: FastifyInstance, now: () => number = Date.now): void {
  const page = <T>(rows: T[], q: Q) => {
    const offset = Number(q.offset ?? 0) || 0;
    const limit = Math.min(Number(q.limit ?? 10) || 10, 100);
    return { data: rows.slice(offset, offset + limit), total_count: rows.length };
  };
  app.get<{ Querystring: Q }>("/ds/event_log/", async (req, reply) => {
    if (req.headers["access-token"] !== NOTEBOOK_SANDBOX_TOKEN)
      return reply.code(401).send({ error: "invalid access token" });
    const q = req.query;
    const from = secondsOf(q.start_date);
    const to = secondsOf(q.end_date);
    const rows = events(now()).filter(
      (e) =>
        (!q.action_by || e.username.startsWith(q.action_by)) &&
        (from === undefined || e.created_at >= from) &&
        (to === undefined || e.created_at <= to) &&
        (!q.status || (q.status === "success") === (e.status_code >= 200 && e.status_code <= 299)),
    );
    return page(rows, q);
  });
  app.get<{ Querystring: Q }>("/ds/dataclassification/rule/history/", async (req, reply) => {
    if (req.headers["access-token"] !== NOTEBOOK_SANDBOX_TOKEN)
      return reply.code(401).send({ error: "invalid access token" });
    const q = req.query;
    const rows = history(now()).filter(
      (e) => (!q.action || e.action_name === q.action) && (!q.username || e.created_by === q.username),
    );
    return page(rows, q);
  });
}
