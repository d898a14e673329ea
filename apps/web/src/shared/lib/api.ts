import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from "@console/contracts";
import { buildPath } from "@console/contracts/constants";
import i18n from "../../i18n";

export interface ApiErrorBody {
  error?: string;
  error_description?: string;
  field?: string;
  /** Messages per field, when several fields are wrong. */
  fields?: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error ?? body?.error_description ?? `HTTP ${status}`);
  }
}

let tokenProvider: () => string | null = () => null;
let onUnauthorized: () => void = () => undefined;

/** Wired once by the sign-in module, so the client never imports it (no cycle). */
export function configureApi(opts: { token: () => string | null; unauthorized: () => void }): void {
  tokenProvider = opts.token;
  onUnauthorized = opts.unauthorized;
}

/** The signed-in user's Authorization header, for calls made without `request` (streams). */
export function authorizationHeader(): Record<string, string> {
  const token = tokenProvider();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function isAbort(err: unknown): boolean {
  return (err as Error)?.name === "AbortError" || (err as Error)?.name === "CanceledError";
}

/** The text a failed call shows: the response's error, else error_description, else a fallback. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError)
    return err.body?.error || err.body?.error_description || i18n.t("common.somethingWentWrong");
  return i18n.t("common.somethingWentWrong");
}

type Input<D extends RouteDef> = {
  params?: ParamsOf<D>;
  query?: QueryOf<D>;
  body?: BodyOf<D>;
};

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

/**
 * Calls a route of the contract with the signed-in user's token. Pass the route's
 * contract as a type and its method and path as values: the compiler checks both
 * against the contract, and the contract's schemas stay out of the bundle.
 *
 *   call<typeof shellRoutes.menu>("GET", "/admin-api/api/v1/menu")
 */
export async function call<D extends RouteDef>(
  method: D["method"],
  path: D["path"],
  input: Input<D> = {},
  signal?: AbortSignal,
): Promise<ResponseOf<D>> {
  const url =
    buildPath(path, (input.params ?? {}) as Record<string, string>) +
    queryString(input.query as Record<string, unknown> | undefined);
  return request<ResponseOf<D>>(method, url, input.body, signal);
}

export async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = tokenProvider();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, signal });
  if (res.status === 401 && token) onUnauthorized();
  if (!res.ok) {
    let errBody: ApiErrorBody | null = null;
    try {
      errBody = (await res.json()) as ApiErrorBody;
    } catch {
      errBody = null;
    }
    throw new ApiError(res.status, errBody);
  }
  if (res.status === 204 || method === "HEAD") return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}
