import { UpstreamError } from "../../platform/errors.js";
import { counted, type ExternalSystem } from "../../platform/metrics.js";
import { parseJson, readBody } from "../../platform/upstream-body.js";

/** The metrics label of each system read through fetchJson. */
const LABELS: Record<string, ExternalSystem> = {
  Airflow: "airflow",
  Keycloak: "keycloak",
  "The notebook service": "notebook",
};

/** GET/POST JSON from another system, with a time-out; failures become the console's 502/503. */
export function fetchJson<T>(
  system: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<T> {
  const label = LABELS[system];
  return label ? counted(label, () => fetchOnce<T>(system, url, init)) : fetchOnce<T>(system, url, init);
}

async function fetchOnce<T>(
  system: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const detail = e.name === "TimeoutError" ? `no answer within ${init.timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new UpstreamError(system, detail, 503);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(
      system,
      res.status === 401 || res.status === 403
        ? `it refused the console's credentials (${res.status})`
        : `it answered ${res.status}`,
      502,
    );
  }
  return parseJson(system, await readBody(system, res, init)) as T;
}
