/** Constants of the cluster screens (home, components, hosts, pod logs); no zod here, so the web bundle can import them. */

/** Where the cluster proxy calls live (spec section 7). */
export const K8S_API = "/k8s-proxy/api/v1";

export const WORKLOAD_KINDS = ["pods", "deployments", "statefulsets", "replicasets", "jobs", "cronjobs"] as const;

/** Follows a pod's log as server-sent events (`id` is the line's time, to resume from). */
export const POD_LOG_FOLLOW_PATH = `${K8S_API}/pods/:pod/logs/follow`;

/** Spark applications and Flink deployments (spec: spark-jobs, flink-jobs). */
export const JOB_STATUSES = ["SUBMITTED", "RUNNING", "COMPLETED", "FAILED"] as const;
export const JOB_KINDS = ["spark-jobs", "flink-jobs"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Follows a job pod's log as server-sent events; 204 once the pod is gone or has finished. */
export const JOB_POD_LOG_FOLLOW_PATHS = {
  "spark-jobs": `${K8S_API}/sparkpods/:pod/logs/follow`,
  "flink-jobs": `${K8S_API}/flinkpods/:pod/logs/follow`,
} as const;
