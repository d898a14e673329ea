/** Stack traces of the kind a failing Debezium SQL Server task reports. */
const TRACES = [
  `org.apache.kafka.connect.errors.ConnectException: An exception occurred in the change event producer. This connector will be stopped.
\tat io.debezium.pipeline.ErrorHandler.setProducerThrowable(ErrorHandler.java:67)
\tat io.debezium.connector.sqlserver.SqlServerStreamingChangeEventSource.executeIteration(SqlServerStreamingChangeEventSource.java:459)
\tat io.debezium.pipeline.ChangeEventSourceCoordinator.streamEvents(ChangeEventSourceCoordinator.java:280)
\tat java.base/java.lang.Thread.run(Thread.java:829)
Caused by: com.microsoft.sqlserver.jdbc.SQLServerException: Connection reset
\tat com.microsoft.sqlserver.jdbc.SQLServerConnection.terminate(SQLServerConnection.java:3680)
\tat com.microsoft.sqlserver.jdbc.TDSChannel.read(IOBuffer.java:2089)
\t... 12 more`,
  `org.apache.kafka.connect.errors.ConnectException: Error while reading the database schema history
\tat io.debezium.relational.history.KafkaSchemaHistory.recoverRecords(KafkaSchemaHistory.java:288)
\tat io.debezium.relational.HistorizedRelationalDatabaseSchema.recover(HistorizedRelationalDatabaseSchema.java:64)
\tat io.debezium.connector.sqlserver.SqlServerConnectorTask.start(SqlServerConnectorTask.java:92)
\tat org.apache.kafka.connect.runtime.WorkerSourceTask.initializeAndStart(WorkerSourceTask.java:280)
Caused by: org.apache.kafka.common.errors.TimeoutException: Timeout expired while fetching topic metadata`,
  `org.apache.kafka.connect.errors.ConnectException: com.microsoft.sqlserver.jdbc.SQLServerException: The server principal "debezium" is not able to access the database under the current security context.
\tat io.debezium.connector.sqlserver.SqlServerConnection.getMaxLsn(SqlServerConnection.java:169)
\tat io.debezium.connector.sqlserver.SqlServerStreamingChangeEventSource.executeIteration(SqlServerStreamingChangeEventSource.java:170)
\tat io.debezium.pipeline.ChangeEventSourceCoordinator.streamEvents(ChangeEventSourceCoordinator.java:280)`,
];

export function traceFor(pick: number): string {
  return TRACES[Math.abs(Math.floor(pick)) % TRACES.length]!;
}
