import { parseRules } from "@console/trino-access";

/**
 * The sandbox Trino's side of file-based access control with `security.config-file` set to the
 * console's URL: it GETs the rules every refresh period, with the token in the URL as a real
 * Trino must (it sends no header), reads them as Trino's strict parser does (an unknown key or a
 * regular expression Java refuses fails the load), and keeps the last rules it could load. It
 * does not enforce them on the statements it answers (those come from the console itself).
 */
export interface RulesPollerOptions {
  /** The console's rules URL, e.g. http://127.0.0.1:8080/trino/rules.json. */
  url: string;
  /** The rules token; null when the console serves the rules anonymously. */
  token: string | null;
  /** `security.refresh-period`. */
  refreshMs: number;
}

export interface RulesState {
  /** The publication the last good load returned (its X-Publication header). */
  publication: number | null;
  rules: unknown;
  loadedAt: Date | null;
  /** Why the last load failed ("HTTP 401", a network error), or null when it succeeded. */
  lastError: string | null;
}

export interface RulesPoller {
  state(): RulesState;
  /** Loads now, as at a refresh. */
  reload(): Promise<RulesState>;
  stop(): void;
}

export function startRulesPoller(opts: RulesPollerOptions): RulesPoller {
  const state: RulesState = { publication: null, rules: null, loadedAt: null, lastError: null };
  const target = new URL(opts.url);
  if (opts.token) target.searchParams.set("token", opts.token);
  const reload = async () => {
    try {
      const res = await fetch(target, { signal: AbortSignal.timeout(10_000) });
      // As Trino: any status but 200 is a failed load, and the last good rules stay.
      if (res.status !== 200) {
        state.lastError = `HTTP ${res.status}`;
        await res.body?.cancel();
      } else {
        const rules: unknown = await res.json();
        const parsed = parseRules(rules);
        // As Trino: rules it cannot read fail the load, and the last good rules stay.
        if (!parsed.ok) state.lastError = `rules refused: ${parsed.problems[0]!.path}: ${parsed.problems[0]!.message}`;
        else {
          state.rules = rules;
          state.publication = Number(res.headers.get("x-publication")) || null;
          state.loadedAt = new Date();
          state.lastError = null;
        }
      }
    } catch (err) {
      state.lastError = (err as Error).message;
    }
    return { ...state };
  };
  const timer = setInterval(() => void reload(), opts.refreshMs);
  timer.unref();
  return { state: () => ({ ...state }), reload, stop: () => clearInterval(timer) };
}
