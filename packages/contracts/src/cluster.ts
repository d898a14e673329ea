import { z } from "zod";
import {
  HOST_CHART_WINDOW_MIN,
  LOG_TAIL_DEFAULT,
  LOG_TAIL_MAX,
  OVERVIEW_DURATION_DEFAULT,
  OVERVIEW_DURATIONS_MIN,
} from "./constants.js";
import { JOB_KINDS, JOB_STATUSES, K8S_API, WORKLOAD_KINDS, type JobKind } from "./cluster-constants.js";
import { route } from "./route.js";

/** Cluster proxy calls (spec section 7), read from the Kubernetes API. */
const K8S = K8S_API;
const tags = ["cluster"];
const HOME = { menu: "home" } as const;
const COMPONENTS = { menu: "components" } as const;
/** Pod logs open from a component's pods and from a host's pods. */
const LOGS = { menu: ["home", "components"] } as const;

const K8S_NAME = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, {
    message: "must be a Kubernetes name (lower-case letters, digits, dot, dash)",
  });

/** Percent of capacity, null when metrics are unavailable. */
const Percent = z.number().min(0).nullable();

export const NodeFigures = z.object({
  /** CPU in cores, memory with a two-character unit (e.g. "62Gi"). */
  capacity: z.string(),
  /** What the pods on the node request, in the same unit. */
  allocated: z.string(),
  requests: z.number(),
  limits: z.number(),
  usage: Percent,
});

export const ClusterNode = z
  .object({
    name: z.string(),
    status: z.string(),
    type: z.enum(["master", "worker"]),
    cpu: NodeFigures,
    memory: NodeFigures,
    disk: z.object({ usage: Percent }),
    pods: z.number().int(),
  })
  .meta({ id: "ClusterNode" });
export type ClusterNode = z.infer<typeof ClusterNode>;

export const NodeList = z.object({ items: z.array(ClusterNode), metricsAvailable: z.boolean() });
export type NodeList = z.infer<typeof NodeList>;

export const WorkloadCount = z.object({
  running: z.number().int(),
  succeeded: z.number().int(),
  failure: z.number().int(),
  total: z.number().int(),
});
export const Workloads = z.object(
  Object.fromEntries(WORKLOAD_KINDS.map((k) => [k, WorkloadCount])) as Record<
    (typeof WORKLOAD_KINDS)[number],
    typeof WorkloadCount
  >,
);
export type Workloads = z.infer<typeof Workloads>;

export const ClusterEvent = z.object({
  type: z.enum(["normal", "warning", "error"]),
  message: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  kind: z.string(),
  source: z.string(),
  lastTimestamp: z.string().nullable(),
});
export type ClusterEvent = z.infer<typeof ClusterEvent>;
export const EventList = z.object({ items: z.array(ClusterEvent) });

export const Host = z.object({
  name: z.string(),
  status: z.string(),
  type: z.enum(["master", "worker"]),
  os: z.string(),
  architecture: z.string(),
  kernelVersion: z.string(),
  kubeletVersion: z.string(),
  createdOn: z.string(),
  internalIP: z.string().nullable(),
  osImage: z.string(),
  containerRunTime: z.string(),
  hostname: z.string(),
  cpu: NodeFigures,
  memory: NodeFigures,
  metricsAvailable: z.boolean(),
});
export type Host = z.infer<typeof Host>;

export const ClusterPod = z.object({
  name: z.string(),
  namespace: z.string(),
  containers: z.array(z.string()),
  status: z.string(),
  ready: z.boolean(),
  restarts: z.number().int(),
  node: z.string().nullable(),
  createdOn: z.string().nullable(),
  /** Millicores and bytes, null without metrics. */
  cpu: z.object({ usage: z.number().nullable() }),
  memory: z.object({ usage: z.number().nullable() }),
});
export type ClusterPod = z.infer<typeof ClusterPod>;
export const PodList = z.object({ items: z.array(ClusterPod), metricsAvailable: z.boolean() });
export type PodList = z.infer<typeof PodList>;

export const ComponentStatistics = z.object({
  name: z.string(),
  label: z.string(),
  info: z.object({
    status: z.enum(["active", "inactive"]),
    launchUrl: z.string().nullable(),
    chartUrl: z.string().nullable(),
  }),
  values: z.object({
    running: z.number().int(),
    succeeded: z.number().int(),
    failure: z.number().int(),
    total: z.number().int(),
    /** Millicores and bytes in use by the component's pods, null without metrics. */
    cpu: z.number().nullable(),
    memory: z.number().nullable(),
  }),
  isError: z.boolean(),
});
export type ComponentStatistics = z.infer<typeof ComponentStatistics>;

export const ServiceDetails = z.object({
  name: z.string(),
  created: z.string().nullable(),
  namespace: z.string(),
  labels: z.record(z.string(), z.string()),
  selector: z.record(z.string(), z.string()),
  type: z.string(),
  sessionAffinity: z.string(),
  connection: z.object({
    clusterIP: z.string().nullable(),
    clusterIPs: z.array(z.string()),
    ipFamilies: z.array(z.string()),
    ipFamilyPolicy: z.string().nullable(),
    ports: z.array(
      z.object({
        port: z.number().int(),
        nodePort: z.number().int().nullable(),
        targetPort: z.string().nullable(),
        protocol: z.string(),
        name: z.string().nullable(),
      }),
    ),
  }),
  endPoints: z.object({
    address: z.array(z.object({ name: z.string().nullable(), ip: z.string() })),
    ports: z.array(z.object({ name: z.string().nullable(), port: z.number().int() })),
  }),
});
export type ServiceDetails = z.infer<typeof ServiceDetails>;
export const ComponentDetails = z.object({ services: z.array(ServiceDetails) });

export const LogQuery = z.object({
  namespace: K8S_NAME.max(63),
  container: K8S_NAME.max(63).optional(),
  tailLines: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOG_TAIL_MAX, { message: `must be at most ${LOG_TAIL_MAX} lines` })
    .default(LOG_TAIL_DEFAULT),
  /** The log of the container's previous run, kept by Kubernetes after a restart. */
  previous: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
});
export const LogLines = z.object({ pod: z.string(), container: z.string().nullable(), lines: z.array(z.string()) });
export type LogLines = z.infer<typeof LogLines>;

const HostParams = z.object({ host: K8S_NAME });
const ComponentParams = z.object({ name: z.string().min(1).max(63) });
const PodParams = z.object({ pod: K8S_NAME });

export const clusterRoutes = {
  workloads: route({
    method: "GET",
    path: `${K8S}/workloads`,
    access: HOME,
    summary: "Workload counts",
    tags,
    response: Workloads,
  }),
  events: route({
    method: "GET",
    path: `${K8S}/events`,
    access: HOME,
    summary: "Recent cluster events",
    tags,
    response: EventList,
  }),
  issues: route({
    method: "GET",
    path: `${K8S}/issues`,
    access: HOME,
    summary: "Problems needing attention",
    tags,
    response: EventList,
  }),
  nodes: route({
    method: "GET",
    path: `${K8S}/nodes`,
    access: HOME,
    summary: "Hosts with their capacity and usage",
    tags,
    response: NodeList,
  }),
  host: route({
    method: "GET",
    path: `${K8S}/nodes/:host`,
    access: HOME,
    summary: "One host",
    tags,
    params: HostParams,
    response: Host,
  }),
  hostPods: route({
    method: "GET",
    path: `${K8S}/nodes/:host/pods`,
    access: HOME,
    summary: "Pods on a host",
    tags,
    params: HostParams,
    response: PodList,
  }),
  component: route({
    method: "GET",
    path: `${K8S}/components/:name`,
    access: COMPONENTS,
    summary: "A component's statistics",
    tags,
    params: ComponentParams,
    response: ComponentStatistics,
  }),
  componentPods: route({
    method: "GET",
    path: `${K8S}/components/:name/pods`,
    access: COMPONENTS,
    summary: "A component's pods",
    tags,
    params: ComponentParams,
    response: PodList,
  }),
  componentDetails: route({
    method: "GET",
    path: `${K8S}/components/:name/details`,
    access: COMPONENTS,
    summary: "A component's services and endpoints",
    tags,
    params: ComponentParams,
    response: ComponentDetails,
  }),
  podLogs: route({
    method: "GET",
    path: `${K8S}/pods/:pod/logs`,
    access: LOGS,
    summary: "The tail of a pod's log",
    tags,
    params: PodParams,
    query: LogQuery,
    response: LogLines,
  }),
} as const;

export const Job = z.object({
  name: z.string(),
  namespace: z.string(),
  status: z.enum(JOB_STATUSES).nullable(),
  startTime: z.string().nullable(),
  terminationTime: z.string().nullable(),
  /** The web UI through the API server's service proxy, when the job serves one. */
  webUI: z.string().nullable(),
  pods: z.array(
    z.object({ name: z.string(), namespace: z.string(), containers: z.array(z.string()), status: z.string() }),
  ),
  /** Spark: the application id; Flink: the job's name. */
  job: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;
export const JobList = z.object({ items: z.array(Job) });
export const JobDeleteResult = z.object({
  message: z.string().optional(),
  success: z.array(z.string()),
  failure: z.array(z.string()),
  items: z.array(z.string()).optional(),
});
export type JobDeleteResult = z.infer<typeof JobDeleteResult>;
export const JobSelection = z.object({
  jobs: z.array(K8S_NAME).min(1, { message: "must name at least one job" }).max(500),
});

/** A job's pod with its role (driver, executor, jobmanager, taskmanager). */
export const JobPod = ClusterPod.extend({ role: z.string().nullable() });
export type JobPod = z.infer<typeof JobPod>;

/** What a job asked for, per role: Spark driver and executors, Flink job and task managers. */
export const JobResources = z.object({
  role: z.string(),
  instances: z.number().int().nullable(),
  cpu: z.string().nullable(),
  memory: z.string().nullable(),
});

/** spark-job-details / flink-job-details: the job object, its pods and the events about them. */
export const JobDetails = Job.extend({
  kind: z.enum(JOB_KINDS),
  /** The operator's own state word (e.g. RESTARTING, SUBMISSION_FAILED), before mapping. */
  state: z.string().nullable(),
  /** Why it failed, as the operator reports it. */
  message: z.string().nullable(),
  created: z.string().nullable(),
  image: z.string().nullable(),
  version: z.string().nullable(),
  /** Spark: type and mode (e.g. "Scala, cluster"); Flink: the upgrade mode. */
  mode: z.string().nullable(),
  /** Spark: the main class or file; Flink: the job jar. */
  entry: z.string().nullable(),
  attempts: z.number().int().nullable(),
  resources: z.array(JobResources),
  pods: z.array(JobPod),
  events: z.array(ClusterEvent),
});
export type JobDetails = z.infer<typeof JobDetails>;

/** spark-job-overview / flink-job-overview: how the job is doing now. */
export const JobOverview = z.object({
  name: z.string(),
  status: z.enum(JOB_STATUSES).nullable(),
  /** Seconds from start to termination, or to now while it runs. */
  durationSeconds: z.number().int().nullable(),
  pods: WorkloadCount,
  restarts: z.number().int(),
  /** Millicores and bytes in use by its pods, null without metrics. */
  cpu: z.number().nullable(),
  memory: z.number().nullable(),
  metricsAvailable: z.boolean(),
});
export type JobOverview = z.infer<typeof JobOverview>;

/** Spark and Flink pod logs: the namespace comes from the component, the container is the first. */
export const JobLogQuery = LogQuery.pick({ tailLines: true });

function jobRoutesFor<const K extends JobKind, const P extends "spark" | "flink">(kind: K, prefix: P) {
  const base = `${K8S}/${kind}` as `/k8s-proxy/api/v1/${K}`;
  const jobTags = ["jobs"];
  return {
    list: route({
      method: "GET",
      path: base,
      access: COMPONENTS,
      summary: `List ${kind}`,
      tags: jobTags,
      response: JobList,
    }),
    deleteAll: route({
      method: "DELETE",
      path: base,
      access: COMPONENTS,
      summary: `Delete every one of the ${kind}`,
      tags: jobTags,
      response: JobDeleteResult,
    }),
    deleteSelected: route({
      method: "POST",
      path: base,
      access: COMPONENTS,
      summary: `Delete the named ${kind}`,
      tags: jobTags,
      body: JobSelection,
      response: JobDeleteResult,
    }),
    deleteOne: route({
      method: "DELETE",
      path: `${base}/:id` as `/k8s-proxy/api/v1/${K}/:id`,
      access: COMPONENTS,
      summary: `Delete one of the ${kind}`,
      tags: jobTags,
      params: z.object({ id: K8S_NAME }),
      response: JobDeleteResult,
    }),
    details: route({
      method: "GET",
      path: `${base}/:id/${prefix}-job-details` as `/k8s-proxy/api/v1/${K}/:id/${P}-job-details`,
      access: COMPONENTS,
      summary: `One of the ${kind}: its spec, state, pods and events`,
      tags: jobTags,
      params: z.object({ id: K8S_NAME }),
      response: JobDetails,
    }),
    overview: route({
      method: "GET",
      path: `${base}/:id/${prefix}-job-overview` as `/k8s-proxy/api/v1/${K}/:id/${P}-job-overview`,
      access: COMPONENTS,
      summary: `One of the ${kind}: pods by state, duration and usage`,
      tags: jobTags,
      params: z.object({ id: K8S_NAME }),
      response: JobOverview,
    }),
    /** The tail of a job pod's log; 204 when the pod is gone or has finished (the job completed). */
    podLogs: route({
      method: "GET",
      path: `${K8S}/${prefix}pods/:pod/logs` as `/k8s-proxy/api/v1/${P}pods/:pod/logs`,
      access: COMPONENTS,
      summary: `The tail of a ${prefix} job pod's log (204 once the job's pod is gone)`,
      tags: jobTags,
      params: PodParams,
      query: JobLogQuery,
      response: LogLines,
    }),
  };
}
export const sparkJobRoutes = jobRoutesFor("spark-jobs", "spark");
export const flinkJobRoutes = jobRoutesFor("flink-jobs", "flink");
/** Usage over time, sampled by the console from the metrics API. */
export const UsagePoint = z.object({
  at: z.string(),
  /** Components: millicores and bytes; hosts: percent of capacity. */
  cpu: z.number().nullable(),
  memory: z.number().nullable(),
});
export type UsagePoint = z.infer<typeof UsagePoint>;
export const UsageHistory = z.object({
  /** Seconds between samples. */
  intervalSeconds: z.number().int(),
  from: z.string(),
  to: z.string(),
  metricsAvailable: z.boolean(),
  points: z.array(UsagePoint),
});
export type UsageHistory = z.infer<typeof UsageHistory>;
export const OverviewQuery = z.object({
  minutes: z.coerce
    .number()
    .int()
    .refine((m) => (OVERVIEW_DURATIONS_MIN as readonly number[]).includes(m), {
      message: `must be one of ${OVERVIEW_DURATIONS_MIN.join(", ")}`,
    })
    .default(OVERVIEW_DURATION_DEFAULT),
});

export const usageRoutes = {
  componentOverview: route({
    method: "GET",
    path: `${K8S}/components/:name/overview`,
    access: COMPONENTS,
    summary: "A component's CPU and memory over the last minutes (30 to 180)",
    tags,
    params: ComponentParams,
    query: OverviewQuery,
    response: UsageHistory,
  }),
  hostUsage: route({
    method: "GET",
    path: `${K8S}/nodes/:host/usage`,
    access: HOME,
    summary: `A host's CPU and memory usage over the last ${HOST_CHART_WINDOW_MIN} minutes`,
    tags,
    params: HostParams,
    response: UsageHistory,
  }),
} as const;
