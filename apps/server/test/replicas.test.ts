import http from "node:http";
import type net from "node:net";
import pg from "pg";
import { INSIGHTS_REFRESH_INTERVALS } from "@console/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres } from "../src/platform/db/postgres.js";
import { claimRun } from "../src/platform/scheduled-runs.js";
import { ADMIN_PASSWORD, PUBLIC_URL } from "./support/app.js";
import { createTestDatabase } from "./support/db.js";
import { startReplica, type Replica } from "./support/replica.js";
import { USER_PASSWORD, seedUser } from "./support/seed.js";
import { codeFlow } from "../../../scripts/lib/sign-in.mjs";

const API = "/admin-api/api/v1";

/** A browser's cookie jar; the load balancer may send each request to either replica. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** The path and query of a URL the provider built on the public address. */
const onReplica = (r: Replica, location: string) => {
  const u = new URL(location, PUBLIC_URL);
  return `${r.url}${u.pathname}${u.search}`;
};

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** The browser's sign-in, each step sent to the replica `route` picks for it. */
async function signIn(route: (step: number) => Replica, username: string, password: string): Promise<Tokens> {
  const jar = new Jar();
  const flow = codeFlow(PUBLIC_URL, { state: "s" });
  const start = await fetch(`${route(0).url}/oidc/auth?${flow.authorize}`, { redirect: "manual" });
  expect(start.status).toBe(303);
  jar.take(start);
  const interaction = start.headers.get("location")!;
  const page = await fetch(onReplica(route(1), interaction), { headers: { cookie: jar.header() } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(">Sign in</button>");
  const login = await fetch(onReplica(route(2), `${interaction}/login`), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
  });
  expect(login.status).toBe(303);
  jar.take(login);
  const resume = await fetch(onReplica(route(3), login.headers.get("location")!), {
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  expect(resume.status).toBe(303);
  const code = new URL(resume.headers.get("location")!).searchParams.get("code");
  expect(code).toBeTruthy();
  const token = await fetch(`${route(4).url}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: flow.token(code!),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as Tokens;
}

async function call(r: Replica, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${r.url}${API}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A stand-in Airflow that counts the DAG-run listings it is asked for. */
function fakeAirflow() {
  let dagRunListings = 0;
  const server = http.createServer((req, res) => {
    if ((req.url ?? "").startsWith("/api/v1/dags/~/dagRuns")) dagRunListings++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url?.startsWith("/api/v1/dags/~/dagRuns") ? { dag_runs: [], total_entries: 0 } : {}));
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)),
      ),
    get dagRunListings() {
      return dagRunListings;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Well below every cache's time-to-live (the directory's is 60 s): a change seen within it
// was pushed to the other replica, not picked up when its cache expired.
const PUSHED_WITHIN = { timeout: 20_000, interval: 25 };

describe("two replicas on one PostgreSQL database", () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: Replica;
  let b: Replica;
  const airflow = fakeAirflow();
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL,
      AIRFLOW_URL: await airflow.listen(),
      // One poll per hour: both replicas' timers fire when they start, one of them polls.
      AIRFLOW_POLL_SECONDS: "3600",
      AUDIT_RETENTION_DAYS: "365",
    };
    // Started together on an empty database: migrations, keys and the first admin once.
    [a, b] = await Promise.all([startReplica("A", env), startReplica("B", env)]);
    admin = (await signIn(() => a, "admin", ADMIN_PASSWORD)).access_token;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await airflow.close();
    await database?.drop();
  });

  it("run as separate processes", () => {
    expect(a.pid).not.toBe(b.pid);
  });

  it("finish on B a sign-in started on A, and each accepts the other's tokens", async () => {
    // Steps: authorization request, login page, login form, resume, token exchange.
    const tokens = await signIn((step) => (step % 2 === 0 ? a : b), "admin", ADMIN_PASSWORD);
    for (const r of [a, b]) {
      const me = await call(r, tokens.access_token, "GET", "/me");
      expect(me.status).toBe(200);
      expect(me.body.username).toBe("admin");
    }
    expect((await call(b, admin, "GET", "/me")).status).toBe(200);
  });

  it("publish the same signing keys", async () => {
    const [ja, jb] = await Promise.all(
      [a, b].map(async (r) => (await (await fetch(`${r.url}/oidc/jwks`)).json()) as { keys: object[] }),
    );
    expect(ja!.keys.length).toBeGreaterThan(0);
    expect(jb).toEqual(ja);
  });

  it("refresh on one replica a sign-in made on the other", async () => {
    const tokens = await signIn(() => b, "admin", ADMIN_PASSWORD);
    const res = await fetch(`${a.url}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: "platform-console",
      }),
    });
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as Tokens;
    expect((await call(b, fresh.access_token, "GET", "/me")).status).toBe(200);
  });

  it("give a menu granted on A to the user on B at once", async () => {
    const db = await openPostgres(database.url, 1);
    await seedUser(db, "mia");
    await db.close();
    const mia = (await signIn(() => b, "mia", USER_PASSWORD)).access_token;
    const menusOnB = async () =>
      ((await call(b, mia, "GET", "/menu")).body as Array<{ menuLabel: string }>).map((m) => m.menuLabel);
    // B has loaded and cached the permissions.
    expect(await menusOnB()).toEqual([]);
    const rows = (await call(a, admin, "GET", "/menu/permissions")).body as Array<{ id: number; menuKey: string }>;
    const audits = rows.find((r) => r.menuKey === "audits")!;
    expect((await call(a, admin, "PUT", `/menu/${audits.id}`, { usersToAssign: ["mia"] })).status).toBe(200);
    await vi.waitFor(async () => expect(await menusOnB()).toEqual(["home", "audits"]), PUSHED_WITHIN);
  });

  it("refuse on B, at once, a user disabled on A", async () => {
    const db = await openPostgres(database.url, 1);
    const id = await seedUser(db, "ned");
    await db.close();
    const ned = (await signIn(() => a, "ned", USER_PASSWORD)).access_token;
    // B has looked the user up and cached them.
    expect((await call(b, ned, "GET", "/me")).status).toBe(200);
    expect((await call(a, admin, "PUT", `/users/${id}/status`, { enabled: false })).status).toBe(200);
    await vi.waitFor(async () => {
      const me = await call(b, ned, "GET", "/me");
      expect(me.status).toBe(401);
      expect(me.body.error).toBe("Your account is disabled. Contact an administrator.");
    }, PUSHED_WITHIN);
  });

  it("see on B, at once, a group membership changed on A", async () => {
    const db = await openPostgres(database.url, 1);
    const id = await seedUser(db, "ola");
    await db.query("INSERT INTO groups (name) VALUES ('auditors') ON CONFLICT DO NOTHING");
    await db.close();
    const rows = (await call(a, admin, "GET", "/menu/permissions")).body as Array<{ id: number; menuKey: string }>;
    const insights = rows.find((r) => r.menuKey === "insights")!;
    // The administrators keep Insights: the only administrator may not strip their own group of a menu.
    const groups = { groupsToAssign: ["console-admins", "auditors"] };
    expect((await call(a, admin, "PUT", `/menu/${insights.id}`, groups)).status).toBe(200);
    const ola = (await signIn(() => b, "ola", USER_PASSWORD)).access_token;
    const menusOnB = async () =>
      ((await call(b, ola, "GET", "/menu")).body as Array<{ menuLabel: string }>).map((m) => m.menuLabel);
    expect(await menusOnB()).toEqual([]);
    const change = { groupsToAssign: ["auditors"], groupsToRemove: [] };
    expect((await call(a, admin, "PUT", `/users/${id}/groups`, change)).status).toBe(200);
    await vi.waitFor(async () => expect(await menusOnB()).toContain("insights"), PUSHED_WITHIN);
  });

  it("read on B a setting saved on A", async () => {
    const before = (await call(b, admin, "GET", "/analytics/preferences")).body as { schedule_interval: number };
    const interval = INSIGHTS_REFRESH_INTERVALS.find((v) => v !== before.schedule_interval)!;
    const saved = await call(a, admin, "POST", "/analytics/preferences", {
      is_scheduled: true,
      schedule_interval: interval,
    });
    expect(saved.status).toBe(200);
    expect((await call(b, admin, "GET", "/analytics/preferences")).body).toMatchObject({
      is_scheduled: true,
      schedule_interval: interval,
    });
  });

  it("run a scheduled pull on one replica only", async () => {
    const taken = (r: Replica, msg: string) => r.logs.some((l) => l.task === "airflow-dag-runs" && l.msg === msg);
    // Both timers have fired: one replica claimed the run, the other left it.
    await vi.waitFor(() => {
      expect([a, b].filter((r) => taken(r, "scheduled run claimed"))).toHaveLength(1);
      expect([a, b].filter((r) => taken(r, "scheduled run left to another replica"))).toHaveLength(1);
    }, PUSHED_WITHIN);
    await vi.waitFor(() => expect(airflow.dagRunListings).toBe(1), PUSHED_WITHIN);
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query<{ name: string; runs: string }>(
      "SELECT name, runs FROM scheduled_runs WHERE name IN ('airflow-dag-runs', 'audit-retention', 'oidc-purge') ORDER BY name",
    );
    await c.end();
    expect(rows.map((r) => [r.name, Number(r.runs)])).toEqual([
      ["airflow-dag-runs", 1],
      ["audit-retention", 1],
      ["oidc-purge", 1],
    ]);
  });
});

describe("claiming a scheduled run", () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = await openPostgres(database.url, 2);
    const { migrate } = await import("../src/platform/db/migrate.js");
    await migrate(db);
    await db.close();
  });
  afterAll(() => database?.drop());

  it("gives a run to exactly one of many replicas asking at once, and again once the period has passed", async () => {
    const replicas = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url, 3)));
    try {
      const ask = () =>
        Promise.all(replicas.flatMap((db, i) => [0, 1, 2].map((j) => claimRun(db, "job", 60_000, `r${i}-${j}`))));
      expect((await ask()).filter(Boolean)).toHaveLength(1);
      // Not due again within the period.
      expect((await ask()).filter(Boolean)).toHaveLength(0);
      // The period has passed (the last start moved back in time).
      await replicas[0]!.query("UPDATE scheduled_runs SET last_started_at = now() - interval '61 seconds'");
      expect((await ask()).filter(Boolean)).toHaveLength(1);
      const { rows } = await replicas[0]!.query<{ runs: number }>("SELECT runs FROM scheduled_runs WHERE name = 'job'");
      expect(rows[0]!.runs).toBe(2);
    } finally {
      await Promise.all(replicas.map((db) => db.close()));
    }
  });
});
