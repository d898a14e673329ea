import http from "node:http";
import type { AddressInfo } from "node:net";

export const NOTEBOOK_TOKEN = "e2e-notebook-token";

/**
 * A stand-in for the notebook service's audit endpoints (/ds/event_log/ and
 * /ds/dataclassification/rule/history/), shaped as the service answers, checking its
 * access-token header.
 */
export async function startNotebookStub(): Promise<{ url: string; stop: () => Promise<void> }> {
  const now = Math.floor(Date.now() / 1000);
  const events = Array.from({ length: 12 }, (_, i) => ({
    id: 1000 + i,
    created_at: now - i * 600,
    username: i % 2 ? "erin" : "frank",
    ip_address: `10.40.0.${i + 1}`,
    summary: `<p>Ran notebook <b>cell ${i + 1}</b> of &quot;sales&quot;</p>`,
    status_code: i === 1 ? 500 : 200,
  }));
  const history = [
    {
      id: 1,
      created_at: now - 120,
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
      id: 2,
      created_at: now - 3600,
      created_by: "frank",
      ip_address: "10.40.1.6",
      rule_name: "iban",
      action_name: "CREATE",
      change_set: null,
    },
  ];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers["access-token"] !== NOTEBOOK_TOKEN) return send(401, { error: "invalid access token" });
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 10);
    if (url.pathname === "/ds/event_log/") {
      const by = url.searchParams.get("action_by");
      const rows = events.filter((e) => !by || e.username.startsWith(by));
      return send(200, { data: rows.slice(offset, offset + limit), total_count: rows.length });
    }
    if (url.pathname === "/ds/dataclassification/rule/history/") {
      const action = url.searchParams.get("action");
      const rows = history.filter((e) => !action || e.action_name === action);
      return send(200, { data: rows.slice(offset, offset + limit), total_count: rows.length });
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
