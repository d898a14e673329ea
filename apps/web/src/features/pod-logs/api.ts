import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { JobKind, clusterRoutes } from "@console/contracts";
import {
  JOB_POD_LOG_FOLLOW_PATHS,
  LOG_TAIL_DEFAULT,
  POD_LOG_FOLLOW_PATH,
  buildPath,
} from "@console/contracts/constants";
import { ApiError, authorizationHeader, call, type ApiErrorBody } from "../../shared/lib/api";

/** The most lines the viewer keeps; older ones drop off the top. */
export const MAX_LOG_LINES = 100_000;
/** Wait before following again after the stream dropped. */
const RESUME_DELAY_MS = 1000;

export function useComponentPods(component: string | undefined) {
  return useQuery({
    queryKey: ["cluster", "component-pods", component],
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.componentPods>(
        "GET",
        "/k8s-proxy/api/v1/components/:name/pods",
        { params: { name: component! } },
        signal,
      ),
    enabled: !!component,
    meta: { quiet: true },
    retry: false,
  });
}

/** The log of a container's previous run (after a restart); an error says when it has none. */
export function usePreviousLog(target: { namespace: string; pod: string; container: string } | null, on: boolean) {
  return useQuery({
    queryKey: ["cluster", "previous-log", target],
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.podLogs>(
        "GET",
        "/k8s-proxy/api/v1/pods/:pod/logs",
        {
          params: { pod: target!.pod },
          query: {
            namespace: target!.namespace,
            container: target!.container,
            previous: "true",
            tailLines: LOG_TAIL_DEFAULT,
          },
        },
        signal,
      ),
    enabled: on && !!target,
    meta: { quiet: true },
    retry: false,
  });
}

export type FollowState = "connecting" | "following" | "reconnecting" | "gone" | "failed";

/**
 * Follows a pod's log: the tail first, then each line as it is written (server-sent events
 * over fetch, so the sign-in token goes in a header). A dropped stream is resumed after the
 * last line received, so no line is lost or shown twice.
 */
export interface FollowTarget {
  namespace: string;
  pod: string;
  container: string;
  /** A Spark or Flink job's pod: followed through sparkpods or flinkpods, answered 204 once the job is over. */
  job?: JobKind;
}

/** Where a pod's log is followed: a job's pod by its kind, any other by namespace and container. */
function followUrl(target: FollowTarget): string {
  const tail = String(LOG_TAIL_DEFAULT);
  if (target.job)
    return `${buildPath(JOB_POD_LOG_FOLLOW_PATHS[target.job], { pod: target.pod })}?${new URLSearchParams({ tailLines: tail })}`;
  return (
    buildPath(POD_LOG_FOLLOW_PATH, { pod: target.pod }) +
    `?${new URLSearchParams({ namespace: target.namespace, container: target.container, tailLines: tail })}`
  );
}

export function useLogFollow(target: FollowTarget | null, generation: number) {
  const [lines, setLines] = useState<string[]>([]);
  const [state, setState] = useState<FollowState>("connecting");
  const [error, setError] = useState<string | null>(null);
  const buffer = useRef<string[]>([]);
  const key = target ? `${target.job ?? ""}/${target.namespace}/${target.pod}/${target.container}/${generation}` : null;

  const flush = useCallback(() => {
    if (buffer.current.length === 0) return;
    const added = buffer.current;
    buffer.current = [];
    setLines((old) => {
      const next = old.concat(added);
      return next.length > MAX_LOG_LINES ? next.slice(next.length - MAX_LOG_LINES) : next;
    });
  }, []);

  useEffect(() => {
    if (!target) return;
    const ctrl = new AbortController();
    let lastId: string | null = null;
    let stopped = false;
    setLines([]);
    setError(null);
    setState("connecting");
    buffer.current = [];
    // New lines are shown together once a frame, not one render per line.
    const ticker = setInterval(flush, 100);

    const run = async (): Promise<void> => {
      while (!stopped) {
        try {
          const res = await fetch(followUrl(target), {
            headers: {
              accept: "text/event-stream",
              ...authorizationHeader(),
              ...(lastId ? { "last-event-id": lastId } : {}),
            },
            signal: ctrl.signal,
          });
          // 204: the job's pod is gone or has finished, so the job has completed (spec section 4).
          if (res.status === 204) {
            setState("gone");
            return;
          }
          if (!res.ok) {
            const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
            if (res.status === 404) {
              setState("gone");
              return;
            }
            throw new ApiError(res.status, body);
          }
          setState("following");
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let pending = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            pending += decoder.decode(value, { stream: true });
            let end;
            while ((end = pending.indexOf("\n\n")) >= 0) {
              const block = pending.slice(0, end);
              pending = pending.slice(end + 2);
              let id: string | null = null;
              let data: string | null = null;
              let event = "message";
              for (const line of block.split("\n")) {
                if (line.startsWith("id: ")) id = line.slice(4);
                else if (line.startsWith("data: ")) data = line.slice(6);
                else if (line.startsWith("event: ")) event = line.slice(7);
              }
              if (event === "failure" && data) {
                setError((JSON.parse(data) as { error: string }).error);
              } else if (data !== null) {
                buffer.current.push(JSON.parse(data) as string);
                if (id) lastId = id;
              }
            }
          }
        } catch (err) {
          if (stopped || (err as Error).name === "AbortError") return;
          if (err instanceof ApiError && err.status < 500) {
            setError(err.message);
            setState("failed");
            return;
          }
          setError(err instanceof ApiError ? err.message : null);
        }
        if (stopped) return;
        setState("reconnecting");
        await new Promise((r) => setTimeout(r, RESUME_DELAY_MS));
      }
    };
    void run();
    return () => {
      stopped = true;
      ctrl.abort();
      clearInterval(ticker);
    };
    // The key names everything the stream depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, flush]);

  return { lines, state, error };
}
