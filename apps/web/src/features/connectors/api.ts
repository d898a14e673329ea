import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { connectorRoutes, ConnectorForm, ConnectorQuery } from "@console/contracts";
import { call } from "../../shared/lib/api";

export const connectorKeys = {
  all: ["connectors"] as const,
  list: (q: ConnectorQuery) => ["connectors", "list", q] as const,
  details: (name: string) => ["connectors", "details", name] as const,
  plugins: ["connectors", "plugins"] as const,
};

/** States that change by themselves soon: the list looks again until they are gone. */
const TRANSITIONAL = new Set(["UNASSIGNED", "RESTARTING"]);
const SETTLING_POLL_MS = 2000;

export function useConnectors(query: ConnectorQuery) {
  const result = useQuery({
    queryKey: connectorKeys.list(query),
    queryFn: ({ signal }) =>
      call<typeof connectorRoutes.list>("GET", "/admin-api/api/v1/connectors", { query }, signal),
    placeholderData: keepPreviousData,
    // The page shows the failure itself (and keeps working) when Kafka Connect is down.
    meta: { quiet: true },
    refetchInterval: (q) =>
      q.state.data?.items.some((c) => TRANSITIONAL.has(c.state) || c.tasks.some((t) => TRANSITIONAL.has(t.state)))
        ? SETTLING_POLL_MS
        : false,
  });
  return result;
}

export function useConnectorDetails(name: string | null) {
  return useQuery({
    queryKey: connectorKeys.details(name ?? ""),
    queryFn: ({ signal }) =>
      call<typeof connectorRoutes.details>(
        "GET",
        "/admin-api/api/v1/connectors/:name",
        { params: { name: name! } },
        signal,
      ),
    enabled: !!name,
    staleTime: 0,
    meta: { quiet: true },
  });
}

export function useConnectorPlugins() {
  return useQuery({
    queryKey: connectorKeys.plugins,
    queryFn: ({ signal }) =>
      call<typeof connectorRoutes.plugins>("GET", "/admin-api/api/v1/connector-plugins", {}, signal),
    meta: { quiet: true },
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: connectorKeys.all });
}

/** When the worker had not finished when the console stopped waiting, look again a little later. */
const LATE_LOOKS_MS = [2000, 5000, 10_000];

export function useSetConnectorStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { name: string; status: "pause" | "resume" }) =>
      call<typeof connectorRoutes.setStatus>("PUT", "/admin-api/api/v1/connectors/:name/:status", { params: v }),
    onSuccess: (r) => {
      if (!r.settled) for (const ms of LATE_LOOKS_MS) setTimeout(() => void invalidate(), ms);
    },
    onSettled: invalidate,
  });
}

export function useRestartConnector() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) =>
      call<typeof connectorRoutes.restart>("POST", "/admin-api/api/v1/connectors/:name/restart", {
        params: { name },
      }),
    onSettled: invalidate,
  });
}

export function useDeleteConnector() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) =>
      call<typeof connectorRoutes.remove>("DELETE", "/admin-api/api/v1/connectors/:name", { params: { name } }),
    onSettled: invalidate,
  });
}

export function useRevealSecret() {
  return useMutation({
    mutationFn: (v: { name: string; key: string }) =>
      call<typeof connectorRoutes.revealSecret>("POST", "/admin-api/api/v1/connectors/:name/secret", {
        params: { name: v.name },
        body: { key: v.key },
      }),
  });
}

/** Validation errors land on the wizard's fields, so the wizard handles failures itself. */
export function useValidateConnector() {
  return useMutation({
    mutationFn: (body: ConnectorForm) =>
      call<typeof connectorRoutes.validate>("POST", "/admin-api/api/v1/connectors/:name/validate", {
        params: { name: body.name },
        body,
      }),
    meta: { quiet: true },
  });
}

export function useCreateConnector() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ConnectorForm) =>
      call<typeof connectorRoutes.create>("POST", "/admin-api/api/v1/connectors", { body }),
    meta: { quiet: true },
    onSuccess: invalidate,
  });
}
