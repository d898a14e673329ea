/**
 * What the simulated platform runs: one entry per platform component (namespace and the
 * app.kubernetes.io/name label its pods carry, as in the console's platform components
 * file), with the workloads that make it up.
 */
export interface WorkloadSpec {
  kind: "Deployment" | "StatefulSet" | "DaemonSet";
  name: string;
  replicas: number;
  containers: Array<{ name: string; image: string; port?: number }>;
  /** Extra labels, e.g. app.kubernetes.io/component. */
  labels?: Record<string, string>;
}

export interface ComponentSpec {
  namespace: string;
  app: string;
  workloads: WorkloadSpec[];
  /** Services: name, the port it serves and the workload it selects. */
  services: Array<{ name: string; port: number; targetPort: number; workload: string; type?: string }>;
}

export const PLATFORM: ComponentSpec[] = [
  {
    namespace: "trino",
    app: "trino",
    workloads: [
      {
        kind: "Deployment",
        name: "trino-coordinator",
        replicas: 1,
        containers: [{ name: "trino", image: "trinodb/trino:447", port: 8080 }],
        labels: { "app.kubernetes.io/component": "coordinator" },
      },
      {
        kind: "Deployment",
        name: "trino-worker",
        replicas: 3,
        containers: [{ name: "trino", image: "trinodb/trino:447", port: 8080 }],
        labels: { "app.kubernetes.io/component": "worker" },
      },
    ],
    services: [
      { name: "trino", port: 8443, targetPort: 8080, workload: "trino-coordinator", type: "LoadBalancer" },
      { name: "trino-worker", port: 8080, targetPort: 8080, workload: "trino-worker" },
    ],
  },
  {
    namespace: "spark",
    app: "spark-operator",
    workloads: [
      {
        kind: "Deployment",
        name: "spark-operator-controller",
        replicas: 1,
        containers: [
          { name: "spark-operator-controller", image: "kubeflow/spark-operator/controller:2.1.0", port: 8080 },
        ],
      },
      {
        kind: "Deployment",
        name: "spark-operator-webhook",
        replicas: 1,
        containers: [{ name: "spark-operator-webhook", image: "kubeflow/spark-operator/controller:2.1.0", port: 9443 }],
      },
    ],
    services: [
      { name: "spark-operator-webhook-svc", port: 9443, targetPort: 9443, workload: "spark-operator-webhook" },
    ],
  },
  {
    namespace: "flink",
    app: "flink-kubernetes-operator",
    workloads: [
      {
        kind: "Deployment",
        name: "flink-kubernetes-operator",
        replicas: 1,
        containers: [
          { name: "flink-kubernetes-operator", image: "apache/flink-kubernetes-operator:1.10.0", port: 9999 },
          { name: "flink-webhook", image: "apache/flink-kubernetes-operator:1.10.0", port: 9443 },
        ],
      },
    ],
    services: [
      { name: "flink-operator-webhook-service", port: 443, targetPort: 9443, workload: "flink-kubernetes-operator" },
    ],
  },
  {
    namespace: "airflow",
    app: "airflow",
    workloads: [
      {
        kind: "Deployment",
        name: "airflow-webserver",
        replicas: 1,
        containers: [{ name: "webserver", image: "apache/airflow:2.10.4", port: 8080 }],
      },
      {
        kind: "Deployment",
        name: "airflow-scheduler",
        replicas: 2,
        containers: [
          { name: "scheduler", image: "apache/airflow:2.10.4" },
          { name: "scheduler-log-groomer", image: "apache/airflow:2.10.4" },
        ],
      },
      {
        kind: "StatefulSet",
        name: "airflow-worker",
        replicas: 2,
        containers: [{ name: "worker", image: "apache/airflow:2.10.4", port: 8793 }],
      },
      {
        kind: "StatefulSet",
        name: "airflow-postgresql",
        replicas: 1,
        containers: [{ name: "postgresql", image: "bitnami/postgresql:16.4.0", port: 5432 }],
      },
    ],
    services: [
      { name: "airflow-webserver", port: 8080, targetPort: 8080, workload: "airflow-webserver" },
      { name: "airflow-postgresql", port: 5432, targetPort: 5432, workload: "airflow-postgresql" },
    ],
  },
  {
    namespace: "minio",
    app: "minio",
    workloads: [
      {
        kind: "StatefulSet",
        name: "minio",
        replicas: 4,
        containers: [{ name: "minio", image: "minio/minio:RELEASE.2024-10-13T13-34-11Z", port: 9000 }],
      },
    ],
    services: [
      { name: "minio", port: 9000, targetPort: 9000, workload: "minio" },
      { name: "minio-console", port: 9001, targetPort: 9000, workload: "minio" },
    ],
  },
  {
    namespace: "kafka",
    app: "kafka-connect",
    workloads: [
      {
        kind: "Deployment",
        name: "kafka-connect",
        replicas: 2,
        containers: [{ name: "connect", image: "debezium/connect:2.5.4.Final", port: 8083 }],
      },
    ],
    services: [{ name: "kafka-connect", port: 8083, targetPort: 8083, workload: "kafka-connect" }],
  },
  {
    namespace: "identity",
    app: "keycloak",
    workloads: [
      {
        kind: "StatefulSet",
        name: "keycloak",
        replicas: 2,
        containers: [{ name: "keycloak", image: "quay.io/keycloak/keycloak:26.0.7", port: 8080 }],
      },
    ],
    services: [{ name: "keycloak", port: 8080, targetPort: 8080, workload: "keycloak" }],
  },
  {
    namespace: "querybook",
    app: "querybook",
    workloads: [
      {
        kind: "Deployment",
        name: "querybook-web",
        replicas: 1,
        containers: [{ name: "web", image: "querybook/querybook:3.34.0", port: 10001 }],
      },
      {
        kind: "Deployment",
        name: "querybook-worker",
        replicas: 1,
        containers: [{ name: "worker", image: "querybook/querybook:3.34.0" }],
      },
    ],
    services: [{ name: "querybook", port: 80, targetPort: 10001, workload: "querybook-web" }],
  },
  {
    namespace: "catalogue",
    app: "data-catalogue",
    workloads: [
      {
        kind: "Deployment",
        name: "data-catalogue",
        replicas: 1,
        containers: [{ name: "catalogue", image: "datahub/datahub-gms:v0.14.1", port: 8080 }],
      },
    ],
    services: [{ name: "data-catalogue", port: 8080, targetPort: 8080, workload: "data-catalogue" }],
  },
  {
    namespace: "console",
    app: "platform-console",
    workloads: [
      {
        kind: "Deployment",
        name: "platform-console",
        replicas: 1,
        containers: [{ name: "console", image: "platform/console:0.1.0", port: 8080 }],
      },
    ],
    services: [{ name: "platform-console", port: 80, targetPort: 8080, workload: "platform-console" }],
  },
];

/** Namespaces that hold the teams' own workloads, which fill the cluster to its size. */
export const TEAM_NAMESPACES = ["analytics", "ingest", "reporting", "ml-training", "etl", "finance-apps"];

export const TEAM_IMAGES = [
  "nginx:1.27.3",
  "python:3.12-slim",
  "redis:7.4.1",
  "bitnami/kafka:3.7.1",
  "grafana/grafana:11.3.1",
  "prom/prometheus:v2.55.1",
  "eclipse-temurin:21-jre",
];
