/** Payloads shaped exactly as the real systems send them (Trino's HTTP event listener, MinIO's audit webhook). */

export function trinoCompleted(
  queryId: string,
  opts: { user?: string; query?: string; failed?: boolean; wall?: number; at?: string; catalog?: string } = {},
) {
  const at = opts.at ?? "2026-03-02T10:15:30.123Z";
  const end = new Date(new Date(at).getTime() + Math.round((opts.wall ?? 1.5) * 1000)).toISOString();
  return {
    metadata: {
      queryId,
      transactionId: "0d5a6c1e-8a35-4b0b-9e83-5c0f0c3f6a11",
      query: opts.query ?? "SELECT\n  o.orderkey,\n\t o.totalprice\nFROM tpch.tiny.orders o\nLIMIT 10",
      queryState: opts.failed ? "FAILED" : "FINISHED",
      tables: [],
      routines: [],
      uri: `http://trino:8080/v1/query/${queryId}`,
      payload: null,
    },
    statistics: {
      cpuTime: 0.412,
      failedCpuTime: 0.0,
      wallTime: opts.wall ?? 1.5,
      queuedTime: 0.002,
      scheduledTime: 0.5,
      analysisTime: 0.03,
      planningTime: 0.04,
      peakUserMemoryBytes: 1048576,
      totalBytes: 2048,
      totalRows: 10,
      outputBytes: 512,
      outputRows: 10,
      writtenBytes: 0,
      writtenRows: 0,
      cumulativeMemory: 123456.0,
      completedSplits: 4,
      complete: true,
      cpuTimeDistribution: [],
      operatorSummaries: [],
    },
    context: {
      user: opts.user ?? "alice",
      originalUser: opts.user ?? "alice",
      principal: opts.user ?? "alice",
      enabledRoles: [],
      groups: ["analysts"],
      remoteClientAddress: "192.168.10.21",
      userAgent: "StatementClientV1/435",
      clientTags: [],
      clientCapabilities: ["PATH", "PARAMETRIC_DATETIME"],
      source: "trino-cli",
      timezone: "UTC",
      catalog: opts.catalog ?? "tpch",
      schema: "tiny",
      resourceGroupId: ["global"],
      sessionProperties: {},
      resourceEstimates: {},
      serverAddress: "10.0.0.5",
      serverVersion: "435",
      environment: "production",
      queryType: "SELECT",
      retryPolicy: "NONE",
    },
    ioMetadata: {
      inputs: [
        {
          catalogName: opts.catalog ?? "tpch",
          schema: "tiny",
          table: "orders",
          columns: [{ column: "orderkey" }, { column: "totalprice" }],
          physicalInputBytes: 0,
          physicalInputRows: 15000,
        },
      ],
    },
    ...(opts.failed
      ? {
          failureInfo: {
            errorCode: { code: 1, name: "SYNTAX_ERROR", type: "USER_ERROR" },
            failureType: "io.trino.sql.parser.ParsingException",
            failureMessage: "line 1:8: mismatched input 'FROMM'",
            failuresJson: "{}",
          },
        }
      : {}),
    warnings: [],
    createTime: at,
    executionStartTime: at,
    endTime: end,
  };
}

export function trinoCreated(queryId: string) {
  return {
    createTime: "2026-03-02T10:15:30.123Z",
    context: { user: "alice", source: "trino-cli", catalog: "tpch", schema: "tiny", queryType: "SELECT" },
    metadata: { queryId, query: "SELECT 1", queryState: "QUEUED", uri: `http://trino:8080/v1/query/${queryId}` },
  };
}

export function minioEntry(
  requestID: string,
  opts: { user?: string; bucket?: string; ns?: number; time?: string } = {},
) {
  const ns = opts.ns ?? 13309747;
  return {
    version: "1",
    deploymentid: "b3c0a5e2-0c6e-4d7f-9a0e-8f2c1d3e4f5a",
    time: opts.time ?? "2026-03-02T10:20:00.000000000Z",
    event: "",
    trigger: "incoming",
    api: {
      name: "PutObject",
      bucket: opts.bucket ?? "sales-raw",
      object: "2026/03/orders.parquet",
      status: "OK",
      statusCode: 200,
      rx: 4096,
      tx: 0,
      timeToResponse: `${ns}ns`,
      timeToResponseInNS: String(ns),
    },
    remotehost: "10.1.2.3",
    requestID,
    userAgent: "MinIO (linux; amd64) minio-go/v7.0.63",
    requestPath: "/sales-raw/2026/03/orders.parquet",
    requestHost: "minio:9000",
    requestHeader: {
      Authorization: "AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE/20260302/us-east-1/s3/aws4_request, Signature=abc",
      "Content-Type": "application/octet-stream",
      "X-Amz-Security-Token": "session-secret",
      "User-Agent": "MinIO (linux; amd64) minio-go/v7.0.63",
    },
    responseHeader: { ETag: '"9b2cf535f27731c974343645a3985328"', "X-Amz-Request-Id": requestID },
    accessKey: opts.user ?? "carol",
  };
}
