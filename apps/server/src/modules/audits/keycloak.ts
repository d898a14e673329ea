import { createHash } from "node:crypto";
import { z } from "zod";
import type { Db } from "../../platform/db/index.js";
import { UpstreamError } from "../../platform/errors.js";
import { fetchJson } from "./http-json.js";

export const KEYCLOAK = "Keycloak";

const LoginEvent = z.object({
  id: z.string().nullish(),
  time: z.number(),
  type: z.string(),
  realmId: z.string().nullish(),
  clientId: z.string().nullish(),
  userId: z.string().nullish(),
  sessionId: z.string().nullish(),
  ipAddress: z.string().nullish(),
  error: z.string().nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
});
const AdminEvent = z.object({
  id: z.string().nullish(),
  time: z.number(),
  realmId: z.string().nullish(),
  authDetails: z
    .object({
      realmId: z.string().nullish(),
      clientId: z.string().nullish(),
      userId: z.string().nullish(),
      ipAddress: z.string().nullish(),
    })
    .nullish(),
  operationType: z.enum(["CREATE", "UPDATE", "DELETE", "ACTION"]),
  resourceType: z.string().nullish(),
  resourcePath: z.string().nullish(),
  error: z.string().nullish(),
});

export interface KeycloakOptions {
  /** The realm's issuer, https://host/realms/NAME (or .../auth/realms/NAME). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

const PAGE = 100;
const MAX_PAGES = 50;
const idOf = (e: { id?: string | null }, raw: unknown) =>
  e.id ?? createHash("sha256").update(JSON.stringify(raw)).digest("hex").slice(0, 40);

/** Reads login and admin events from Keycloak's admin REST API with a service-account token. */
export class KeycloakEventsClient {
  readonly realm: string;
  private readonly adminBase: string;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly opts: KeycloakOptions) {
    const m = /^(.*)\/realms\/([^/]+)\/?$/.exec(opts.issuer);
    if (!m) throw new Error("Invalid configuration: OIDC_ISSUER must end with /realms/NAME to read Keycloak events");
    this.realm = decodeURIComponent(m[2]!);
    this.adminBase = `${m[1]}/admin/realms/${m[2]}`;
  }

  private async bearer(): Promise<Record<string, string>> {
    if (!this.token || this.token.until < Date.now()) {
      const t = await fetchJson<{ access_token: string; expires_in?: number }>(
        KEYCLOAK,
        `${this.opts.issuer.replace(/\/+$/, "")}/protocol/openid-connect/token`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: this.opts.clientId,
            client_secret: this.opts.clientSecret,
          }).toString(),
          timeoutMs: this.opts.timeoutMs,
        },
      );
      if (typeof t?.access_token !== "string")
        throw new UpstreamError(KEYCLOAK, "its token answer holds no access token");
      this.token = { value: t.access_token, until: Date.now() + Math.max(10, (t.expires_in ?? 60) - 10) * 1000 };
    }
    return { authorization: `Bearer ${this.token.value}` };
  }

  /** Pages newest first until events at or before `after` (ms) appear. */
  private async pages<T extends z.ZodType>(path: string, schema: T, after: number | null) {
    const out: Array<{ event: z.infer<T>; raw: unknown }> = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = new URLSearchParams({ first: String(page * PAGE), max: String(PAGE) });
      if (after !== null) params.set("dateFrom", new Date(after).toISOString().slice(0, 10));
      const list = await fetchJson<unknown[]>(KEYCLOAK, `${this.adminBase}/${path}?${params}`, {
        headers: await this.bearer(),
        timeoutMs: this.opts.timeoutMs,
      });
      if (!Array.isArray(list)) throw new UpstreamError(KEYCLOAK, "its event list is not a list");
      let older = false;
      for (const raw of list) {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) continue;
        const e = parsed.data as { time: number };
        if (after !== null && e.time < after) older = true;
        else out.push({ event: parsed.data, raw });
      }
      if (older || list.length < PAGE) break;
    }
    return out;
  }

  loginEvents(after: number | null) {
    return this.pages("events", LoginEvent, after);
  }
  adminEvents(after: number | null) {
    return this.pages("admin-events", AdminEvent, after);
  }
}

/** Copies new Keycloak events into the console's tables; an event already copied is skipped. */
export async function pollKeycloak(db: Db, client: KeycloakEventsClient): Promise<number> {
  const realm = client.realm;
  const last = async (table: string) =>
    (
      await db.query<{ t: Date | null }>(
        `SELECT max(time) AS t FROM ${table} WHERE realm = $1 AND external_id IS NOT NULL`,
        [realm],
      )
    ).rows[0]?.t;
  const lastLogin = await last("login_events");
  const logins = await client.loginEvents(lastLogin ? new Date(lastLogin).getTime() : null);
  for (const { event: e, raw } of logins)
    await db.query(
      `INSERT INTO login_events (time, username, ip_address, type, client_id, error, details, realm, external_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (realm, external_id, time) WHERE external_id IS NOT NULL DO NOTHING`,
      [
        new Date(e.time),
        String(e.details?.username ?? e.userId ?? "unknown").slice(0, 255),
        e.ipAddress ?? null,
        e.type,
        e.clientId ?? null,
        e.error ?? null,
        JSON.stringify({ ...(e.details ?? {}), userId: e.userId, sessionId: e.sessionId }),
        realm,
        idOf(e, raw),
      ],
    );
  const lastAdmin = await last("identity_admin_events");
  const admins = await client.adminEvents(lastAdmin ? new Date(lastAdmin).getTime() : null);
  for (const { event: e, raw } of admins) {
    const userId = e.authDetails?.userId ?? null;
    const user = userId
      ? (
          await db.query<{ username: string }>(
            "SELECT username FROM users WHERE external_id = $1 OR id::text = $1 LIMIT 1",
            [userId],
          )
        ).rows[0]?.username
      : undefined;
    await db.query(
      `INSERT INTO identity_admin_events (time, realm, auth_details, operation_type, resource_type, resource_path, error, external_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (realm, external_id, time) WHERE external_id IS NOT NULL DO NOTHING`,
      [
        new Date(e.time),
        realm,
        JSON.stringify({ ...(e.authDetails ?? {}), username: user ?? userId }),
        e.operationType,
        e.resourceType ?? "UNKNOWN",
        e.resourcePath ?? "",
        e.error ?? null,
        idOf(e, raw),
      ],
    );
  }
  return logins.length + admins.length;
}
