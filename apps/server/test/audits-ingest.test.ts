import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { api } from "./support/users.js";
import { minioEntry, trinoCompleted, trinoCreated } from "./audit-payloads.js";

const TRINO_TOKEN = "trino-ingest-token-0123456789";
const MINIO_TOKEN = "minio-audit-token-0123456789";

describe.each(DB_KINDS)("Trino and MinIO ingest (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind, { TRINO_INGEST_TOKEN: TRINO_TOKEN, MINIO_AUDIT_TOKEN: MINIO_TOKEN });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const trino = (body: unknown, token: string | null = TRINO_TOKEN) =>
    t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", ...(token ? { "X-Trino-Ingest-Token": token } : {}) },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const minio = (body: string, auth: string | null = MINIO_TOKEN) =>
    t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/minio",
      headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      payload: body,
    });

  it("refuses a missing or wrong token", async () => {
    expect((await trino(trinoCompleted("q_none"), null)).statusCode).toBe(401);
    expect((await trino(trinoCompleted("q_none"), "wrong-token-wrong-token")).statusCode).toBe(401);
    expect((await minio(JSON.stringify(minioEntry("R0")), "Bearer nope")).statusCode).toBe(401);
    const { body } = await api(t.app, admin, "GET", "/trino/audit");
    expect(body.total).toBe(0);
  });

  it("stores a completed query once, ignores query-created, keeps failures' errors", async () => {
    expect((await trino(trinoCreated("20260302_101530_00001_abcde"))).json()).toMatchObject({ ignored: 1, stored: 0 });
    const done = trinoCompleted("20260302_101530_00001_abcde", { wall: 2.25 });
    expect((await trino(done)).json()).toMatchObject({ accepted: 1, stored: 1, duplicates: 0 });
    // Trino retries after a time-out: the same query id is kept once.
    expect((await trino(done)).json()).toMatchObject({ accepted: 1, stored: 0, duplicates: 1 });
    const failed = trinoCompleted("20260302_101531_00002_abcde", {
      failed: true,
      user: "bob",
      at: "2026-03-02T11:00:00Z",
    });
    expect((await trino(failed)).statusCode).toBe(200);

    const { status, body } = await api(t.app, admin, "GET", "/trino/audit?first=0&max=10");
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    const [f, ok] = body.items;
    expect(f).toMatchObject({
      queryId: "20260302_101531_00002_abcde",
      username: "bob",
      time_taken_to_record: "Not Applicable",
    });
    expect(f.error).toBe("SYNTAX_ERROR: line 1:8: mismatched input 'FROMM'");
    expect(ok).toMatchObject({
      username: "alice",
      source: "192.168.10.21",
      time_taken_to_record: "2.250",
      error: null,
    });
    // The query text is kept whole, newlines and tabs included.
    expect(ok.query).toBe(done.metadata.query);
  });

  it("keeps the good events of a batch and names the malformed one", async () => {
    const bad = trinoCompleted("20260302_120000_00003_abcde") as Record<string, unknown>;
    delete (bad.metadata as Record<string, unknown>).queryId;
    const res = await trino([trinoCompleted("20260302_120000_00004_abcde", { at: "2026-03-02T12:00:00Z" }), bad]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/1 of 2 Trino entries were rejected \(entry 2: metadata\.queryId is required\)/);
    expect(res.json().field).toBe("entries[1]");
    const { body } = await api(t.app, admin, "GET", "/trino/audit?user=alice");
    expect(body.items.map((r: { queryId: string }) => r.queryId)).toContain("20260302_120000_00004_abcde");
    expect((await trino("{not json")).statusCode).toBe(400);
  });

  it("filters queries by user, status, duration and dates", async () => {
    const q = async (qs: string) => (await api(t.app, admin, "GET", `/trino/audit?${qs}`)).body;
    expect((await q("status=failure")).items.map((r: { username: string }) => r.username)).toEqual(["bob"]);
    expect((await q("status=success")).total).toBe(2);
    expect((await q("minDuration=2&maxDuration=3")).total).toBe(1);
    expect((await q("user=AL")).total).toBe(2);
    expect((await q("startDate=2026-03-02 11:30:00&endDate=2026-03-02")).total).toBe(1);
    expect((await q("first=1&max=1")).items).toHaveLength(1);
  });

  it("answers 400 naming the field for bad filters", async () => {
    const bad = async (qs: string) => api(t.app, admin, "GET", `/trino/audit?${qs}`);
    const r1 = await bad("startDate=02-03-2026");
    expect(r1.status).toBe(400);
    expect(r1.body.error).toMatch(/startDate/);
    const r2 = await bad("startDate=2026-03-03&endDate=2026-03-02");
    expect(r2.status).toBe(400);
    expect(r2.body.error).toMatch(/startDate.*start date should be earlier/);
    const r3 = await bad("minDuration=5&maxDuration=2");
    expect(r3.status).toBe(400);
    expect(r3.body.error).toMatch(/maxDuration/);
    expect((await bad("maxDuration=4000")).status).toBe(400);
    expect((await bad("max=1000")).status).toBe(400);
    expect((await bad("startDate=2026-02-31")).status).toBe(400);
  });

  it("stores MinIO entries from single JSON and newline-delimited batches, without credentials", async () => {
    const carolId = await seedUser(t.testDb.db, "carol");
    expect((await minio(JSON.stringify(minioEntry("17A0000000000001")))).json()).toMatchObject({ stored: 1 });
    const batch = [
      minioEntry("17A0000000000002", { ns: 2_600_000_000, time: "2026-03-02T10:21:00Z" }),
      minioEntry("17A0000000000003", { user: "dave", bucket: "finance", time: "2026-03-02T10:22:00Z" }),
    ];
    const res = await minio(batch.map((e) => JSON.stringify(e)).join("\n"), `Bearer ${MINIO_TOKEN}`);
    expect(res.json()).toMatchObject({ accepted: 2, stored: 2 });
    // A retried batch is not stored twice.
    expect((await minio(batch.map((e) => JSON.stringify(e)).join("\n"))).json()).toMatchObject({ duplicates: 2 });

    const { rows } = await t.testDb.db.query<{ request_header: Record<string, string> }>(
      "SELECT request_header FROM minio_audit_events",
    );
    for (const r of rows) {
      expect(Object.keys(r.request_header).map((k) => k.toLowerCase())).not.toContain("authorization");
      expect(Object.keys(r.request_header).map((k) => k.toLowerCase())).not.toContain("x-amz-security-token");
      expect(r.request_header["Content-Type"]).toBe("application/octet-stream");
    }

    const all = (await api(t.app, admin, "GET", "/minio/audit")).body;
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({ username: "dave", bucket: "finance", remoteHost: "10.1.2.3" });
    expect(all.items[1].api).toEqual({
      name: "PutObject",
      status: "OK",
      statusCode: 200,
      timeToResponse: 2_600_000_000,
    });
    const mine = (await api(t.app, admin, "GET", `/minio/audit?user=${carolId}`)).body;
    expect(mine.total).toBe(2);
    expect((await api(t.app, admin, "GET", "/minio/audit?bucket=fin")).body.total).toBe(1);
    expect((await api(t.app, admin, "GET", "/minio/audit?user=carol")).status).toBe(400);
  });

  it("keeps the good MinIO lines and rejects a malformed one", async () => {
    const good = minioEntry("17A0000000000009");
    const noApi = { ...minioEntry("17A0000000000010") } as Record<string, unknown>;
    delete noApi.api;
    const res = await minio([JSON.stringify(good), "{broken", JSON.stringify(noApi)].join("\n"));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(
      /2 of 3 MinIO entries were rejected \(entry 2: is not valid JSON; entry 3: api is required\)/,
    );
    const { rows } = await t.testDb.db.query("SELECT 1 FROM minio_audit_events WHERE request_id = '17A0000000000009'");
    expect(rows).toHaveLength(1);
  });

  it("lists the configured sources as enabled", async () => {
    const { body } = await api(t.app, admin, "GET", "/auditableComponents");
    const byKey = Object.fromEntries(body.map((c: { key: string; enabled: boolean }) => [c.key, c.enabled]));
    expect(byKey).toMatchObject({
      "user-management": true,
      "presto-db": true,
      minio: true,
      "apache-airflow": false,
      querybook: false,
    });
    expect(body[0].auditTypes.map((a: { key: string }) => a.key)).toEqual([
      "login",
      "admin-events",
      "userManagement",
      "sync",
    ]);
  });

  it("refuses the event calls without the audits menu", async () => {
    await seedUser(t.testDb.db, "nomenu");
    const { tokenFor } = await import("./support/auth.js");
    const { USER_PASSWORD } = await import("./support/seed.js");
    const token = await tokenFor(t.app, "nomenu", USER_PASSWORD);
    expect((await api(t.app, token, "GET", "/trino/audit")).status).toBe(403);
    expect((await api(t.app, token, "GET", "/auditableComponents")).status).toBe(403);
  });

  it("stores a batch of 1,000 in one go, once, and a lone surrogate as U+FFFD", async () => {
    const batch = Array.from({ length: 1000 }, (_, i) =>
      trinoCompleted(`20260105_000000_${String(i).padStart(5, "0")}_batch`, {
        user: "batcher",
        // Older than the other tests' events, so their pages stay as they were.
        at: new Date(Date.UTC(2026, 0, 5, 0, 0, i)).toISOString(),
        query: i === 7 ? "SELECT '\ud800'" : `SELECT ${i}`,
      }),
    );
    expect((await trino(batch)).json()).toMatchObject({ accepted: 1000, stored: 1000, duplicates: 0 });
    expect((await trino(batch)).json()).toMatchObject({ accepted: 1000, stored: 0, duplicates: 1000 });
    const { body } = await api(t.app, admin, "GET", "/trino/audit?first=0&max=1&user=batcher");
    expect(body.total).toBe(1000);
    const odd = await t.testDb.db.query<{ query: string }>(
      "SELECT query FROM trino_query_events WHERE query_id = '20260105_000000_00007_batch'",
    );
    expect(odd.rows).toEqual([{ query: "SELECT '\ufffd'" }]);
  });

  it("rejects an event holding a NUL character on its own, and keeps the rest of the batch", async () => {
    // PostgreSQL text cannot hold U+0000: such an event is refused before it reaches the database.
    const nul = trinoCompleted("20260302_130000_00010_abcde", { at: "2026-03-02T13:00:00Z" }) as {
      metadata: { query: string };
    };
    nul.metadata.query = "SELECT 1\u0000";
    const good = trinoCompleted("20260302_130000_00011_abcde", { at: "2026-03-02T13:00:01Z" });
    const res = await trino([good, nul]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^1 of 2 Trino entries were rejected \(entry 2: metadata\.query .*NUL/);
    const { body } = await api(t.app, admin, "GET", "/trino/audit?first=0&max=50");
    const ids = body.items.map((i: { queryId: string }) => i.queryId);
    expect(ids).toContain("20260302_130000_00011_abcde");
    expect(ids).not.toContain("20260302_130000_00010_abcde");

    const minioNul = { ...minioEntry("R-nul"), userAgent: "agent\u0000" };
    const m = await minio([JSON.stringify(minioEntry("R-ok-nul")), JSON.stringify(minioNul)].join("\n"));
    expect(m.statusCode).toBe(400);
    expect(m.json().error).toMatch(/^1 of 2 MinIO entries were rejected \(entry 2: userAgent .*NUL/);
  });

  /** The statements `fn` sends that write to `table`. */
  async function writesTo(table: string, fn: () => Promise<unknown>): Promise<string[]> {
    const db = t.testDb.db;
    const seen: string[] = [];
    const query = db.query.bind(db);
    db.query = ((sql: string, ...rest: []) => {
      if (new RegExp(`INSERT INTO ${table}|COPY ${table}`).test(sql)) seen.push(sql);
      return query(sql, ...rest);
    }) as typeof db.query;
    try {
      await fn();
    } finally {
      db.query = query;
    }
    return seen;
  }
  const count = async (sql: string, params: unknown[]) =>
    Number((await t.testDb.db.query<{ n: string }>(sql, params)).rows[0]!.n);

  it("stores a batch of 1,000 with duplicates and a malformed entry in one statement, naming the entry", async () => {
    const id = (i: number) => `20260106_000000_${String(i).padStart(5, "0")}_dupes`;
    const event = (i: number) =>
      trinoCompleted(id(i), { user: "duper", at: new Date(Date.UTC(2026, 0, 6, 0, 0, i)).toISOString() });
    expect((await trino([0, 1, 2].map(event))).json()).toMatchObject({ stored: 3 });
    // Entries 0-2 were stored before, 999 repeats 998 and 500 has no query id.
    const batch: unknown[] = Array.from({ length: 1000 }, (_, i) => event(i === 999 ? 998 : i));
    delete (batch[500] as { metadata: Record<string, unknown> }).metadata.queryId;
    let res!: Awaited<ReturnType<typeof trino>>;
    const writes = await writesTo("trino_query_events", async () => (res = await trino(batch)));
    expect(writes).toHaveLength(1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: "entries[500]",
      fields: { "entries[500]": ["metadata.queryId is required"] },
    });
    expect(res.json().error).toMatch(
      /^1 of 1000 Trino entries were rejected \(entry 501: metadata\.queryId is required\)/,
    );
    expect(res.json().error_description).toBe("stored 995, duplicates 4, ignored 0");
    expect(await count("SELECT count(*) AS n FROM trino_query_events WHERE username = $1", ["duper"])).toBe(998);

    const entry = (i: number) => JSON.stringify(minioEntry(`R-batch-${i === 999 ? 998 : i}`, { user: "duper" }));
    const lines = Array.from({ length: 1000 }, (_, i) => (i === 3 ? '{"version": "1", "api": {}}' : entry(i)));
    const mWrites = await writesTo("minio_audit_events", async () => (res = await minio(lines.join("\n"))));
    expect(mWrites).toHaveLength(1);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("entries[3]");
    expect(res.json().error).toMatch(/^1 of 1000 MinIO entries were rejected \(entry 4: time is required\)/);
    expect(res.json().error_description).toBe("stored 998, duplicates 1, ignored 0");
    expect(await count("SELECT count(*) AS n FROM minio_audit_events WHERE request_id LIKE $1", ["R-batch-%"])).toBe(
      998,
    );
  });

  it("stores nothing of a batch whose statement fails", async () => {
    // A fault inside the statement, after the first rows went in: the batch is one statement.
    await t.testDb.db.exec(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.query_id LIKE '%boom' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON trino_query_events FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    try {
      const batch = Array.from({ length: 1000 }, (_, i) =>
        trinoCompleted(`20260107_000000_${String(i).padStart(5, "0")}_${i === 900 ? "boom" : "half"}`, {
          user: "halfway",
          at: new Date(Date.UTC(2026, 0, 7, 0, 0, i)).toISOString(),
        }),
      );
      expect((await trino(batch)).statusCode).toBe(500);
      expect(await count("SELECT count(*) AS n FROM trino_query_events WHERE username = $1", ["halfway"])).toBe(0);
    } finally {
      await t.testDb.db.exec("DROP TRIGGER refuse_boom ON trino_query_events; DROP FUNCTION refuse_boom();");
    }
  });
});
