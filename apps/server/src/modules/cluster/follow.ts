import * as k8s from "@kubernetes/client-node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { JOB_KINDS, JOB_POD_LOG_FOLLOW_PATHS, JobLogQuery, LogQuery, POD_LOG_FOLLOW_PATH } from "@console/contracts";
import { clusterError, type KubeClients } from "../../platform/kubernetes.js";
import { eventSink, type FollowSlots } from "./follow-stream.js";
import type { JobDetailsService } from "./job-details.js";
import type { ClusterService } from "./service.js";

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const FollowQuery = LogQuery.extend({
  /** Resume after this line time (also read from Last-Event-ID). */
  since: z.iso.datetime({ offset: true, message: "must be an RFC 3339 time" }).optional(),
});

/** The pod and container to follow, or null when the pod is over (answered 204). */
export type FollowTarget = { namespace: string; pod: string; container: string } | null;

/**
 * Follows a pod's log as server-sent events: the tail first, then each new line as the
 * container writes it. Each event's id is the line's time, so a client that lost the
 * stream asks again from there and gets no line twice.
 */
export function registerLogFollow(
  app: FastifyInstance,
  kube: () => KubeClients,
  service: () => ClusterService,
  slots: FollowSlots,
): void {
  followRoute(app, kube, slots, {
    path: POD_LOG_FOLLOW_PATH,
    menu: ["home", "components"],
    query: FollowQuery,
    summary: "Follow a pod's log (server-sent events)",
    target: async (name, q) => {
      const query = q as z.output<typeof FollowQuery>;
      const pod = await service().pod(query.namespace, name);
      return { namespace: query.namespace, pod: name, container: service().containerOf(pod, query.container) };
    },
  });
}

export const JobFollowQuery = JobLogQuery.extend({ since: FollowQuery.shape.since });

/** The same stream for a job's pod (sparkpods, flinkpods): 204 once the pod is gone or finished. */
export function registerJobLogFollow(
  app: FastifyInstance,
  kube: () => KubeClients,
  jobs: () => JobDetailsService,
  slots: FollowSlots,
): void {
  for (const kind of JOB_KINDS)
    followRoute(app, kube, slots, {
      path: JOB_POD_LOG_FOLLOW_PATHS[kind],
      menu: "components",
      query: JobFollowQuery,
      summary: `Follow a ${kind} pod's log (server-sent events; 204 once the job's pod is gone)`,
      target: async (name, _q, req) => {
        const pod = await jobs().livePod(kind, name, req.principal!);
        const container = pod?.spec?.containers?.[0]?.name;
        return pod && container ? { namespace: pod.metadata!.namespace!, pod: name, container } : null;
      },
    });
}

function followRoute(
  app: FastifyInstance,
  kube: () => KubeClients,
  slots: FollowSlots,
  opts: {
    path: string;
    menu: string | string[];
    query: z.ZodObject;
    summary: string;
    target: (pod: string, query: unknown, req: FastifyRequest) => Promise<FollowTarget>;
  },
): void {
  app.get(
    opts.path,
    {
      config: { access: { menu: opts.menu } },
      schema: {
        summary: opts.summary,
        tags: ["cluster"],
        params: z.object({
          pod: z
            .string()
            .min(1)
            .max(253)
            .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/),
        }),
        querystring: opts.query,
      },
    },
    async (req, reply) => {
      const { pod: name } = req.params as { pod: string };
      const q = req.query as { since?: string; tailLines: number };
      const lastId = (req.headers["last-event-id"] as string | undefined) ?? q.since;
      const resumeAfter = lastId && !Number.isNaN(Date.parse(lastId)) ? lastId : null;
      // One slot per open follow, given back when the connection closes, however it ends.
      const release = slots.take(req.principal!.username);
      reply.raw.once("close", release);
      const target = await opts.target(name, q, req);
      if (!target) return reply.code(204).send();
      const { namespace, container } = target;

      reply.hijack();
      const res = reply.raw;
      // The browser left while the pod was looked up: nothing to follow.
      if (!res.socket || res.socket.destroyed) return;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-request-id": req.id,
      });
      res.write("retry: 1000\n\n");
      const sink = eventSink(res, resumeAfter, slots.pacer(req.principal!.username));
      const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
      let abort: AbortController | null = null;
      const close = () => {
        clearInterval(heartbeat);
        abort?.abort();
        if (!res.writableEnded) res.end();
      };
      res.on("close", close);
      // The cluster ended the log (the container stopped or the pod went away): so does the stream.
      sink.on("finish", close);
      try {
        abort = await new k8s.Log(kube().config).log(
          namespace,
          name,
          container,
          sink,
          (err: unknown) => {
            if (err && !res.writableEnded) {
              const e = clusterError(err);
              res.write(`event: failure\ndata: ${JSON.stringify({ error: e.error })}\n\n`);
            }
            close();
          },
          {
            follow: true,
            timestamps: true,
            ...(resumeAfter ? { sinceTime: resumeAfter } : { tailLines: q.tailLines }),
          },
        );
        if (res.writableEnded) abort.abort();
      } catch (err) {
        res.write(`event: failure\ndata: ${JSON.stringify({ error: clusterError(err).error })}\n\n`);
        close();
      }
    },
  );
}
