import {
  BarChartOutlined,
  CodeOutlined,
  ConsoleSqlOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FundOutlined,
  PythonOutlined,
  ThunderboltOutlined,
} from "@ant-design/icons";
import type { ClientToolKey } from "@console/contracts";
import type { ReactNode } from "react";
import { Snippet, SnippetDrawer } from "./parts/Snippet";

/** What the guides fill in. `token` is the value to display (masked until revealed). */
export interface GuideParams {
  user: string;
  token: string;
  host: string;
  port: number;
  url: string;
  catalog: string;
  docsUrl: string | null;
}

export interface GuideStep {
  title: string;
  body: (p: GuideParams, real: GuideParams) => ReactNode;
}

export interface Guide {
  key: ClientToolKey;
  icon: ReactNode;
  subText: string;
  steps: GuideStep[];
  /** Shown under the parameter block; dbt has no parameter block at all. */
  parameters: { note?: string } | null;
}

const ARROW_VERSIONS = { pyarrow: "15.0.0", duckdb: "0.10.0", adbc: "0.9.0" };

/** Joins a path under the documentation base URL, or null when no documentation is configured. */
function docsLink(docsUrl: string | null, path: string): string | null {
  return docsUrl ? `${docsUrl.replace(/\/+$/, "")}/${path}` : null;
}

const python = (p: GuideParams) => `import trino
from trino.auth import JWTAuthentication

conn = trino.dbapi.connect(
    host="${p.host}",
    port=${p.port},
    user="${p.user}",
    catalog="${p.catalog}",
    http_scheme="https",
    auth=JWTAuthentication("${p.token}"),
)
cur = conn.cursor()
cur.execute("SHOW SCHEMAS")
for row in cur.fetchall():
    print(row)`;

const jupysqlConnect = (p: GuideParams) => `%load_ext sql

from sqlalchemy import create_engine
from trino.auth import JWTAuthentication

engine = create_engine(
    "trino://${p.user}@${p.host}:${p.port}/${p.catalog}",
    connect_args={"auth": JWTAuthentication("${p.token}"), "http_scheme": "https"},
)
%sql engine`;

const arrow = (p: GuideParams) => `import adbc_driver_flightsql.dbapi as flight_sql
from adbc_driver_flightsql import DatabaseOptions
import duckdb

conn = flight_sql.connect(
    uri="${p.url}",
    db_kwargs={DatabaseOptions.AUTHORIZATION_HEADER.value: "Bearer ${p.token}"},
)
cur = conn.cursor()
cur.execute("SELECT * FROM ${p.catalog}.information_schema.schemata")
table = cur.fetch_arrow_table()  # a pyarrow.Table, columnar all the way

# DuckDB queries the Arrow table in place, without copying it.
print(duckdb.sql("SELECT catalog_name, count(*) AS schemas FROM table GROUP BY 1"))
cur.close()
conn.close()`;

export const GUIDES: Record<ClientToolKey, Guide> = {
  python: {
    key: "python",
    icon: <PythonOutlined />,
    subText: "Query the platform from Python scripts and applications with the Trino DB-API client.",
    parameters: {},
    steps: [
      {
        title: "Install the Trino client",
        body: () => (
          <>
            <p>Install the client in the Python environment (3.9 or later) that will run your code:</p>
            <Snippet code="pip install trino" />
          </>
        ),
      },
      {
        title: "Connect and run a query",
        body: (p, real) => (
          <>
            <p>
              The client signs in with your bearer token over HTTPS. Open the example, copy it and run it as it is; it
              lists the schemas of the <code>{p.catalog}</code> catalog.
            </p>
            <SnippetDrawer title="Python example" code={python(p)} copyCode={python(real)} />
          </>
        ),
      },
    ],
  },
  dbt: {
    key: "dbt",
    icon: <DeploymentUnitOutlined />,
    subText: "Build, test and schedule SQL transformations on the platform with dbt and the dbt-trino adapter.",
    parameters: null,
    steps: [
      {
        title: "Set up",
        body: (p) => {
          const template = docsLink(p.docsUrl, "dbt/dbt-project-template.zip");
          return (
            <>
              <p>
                Use an editor that understands dbt projects (for example VS Code with the dbt Power User extension) and
                install the adapter:
              </p>
              <Snippet code="pip install dbt-trino" />
              <p>
                Start from the standard project template: it has the folder layout, the profile and the built-in
                orchestration support the platform schedules.{" "}
                {template ? (
                  <a href={template} target="_blank" rel="noreferrer">
                    Download the project template
                  </a>
                ) : (
                  "Ask your administrator for the project template (no documentation address is configured)."
                )}
              </p>
            </>
          );
        },
      },
      {
        title: "Customise the project file",
        body: (p) => (
          <>
            <p>
              In <code>dbt_project.yml</code>, set the project name, the profile name, the models namespace and the
              schema of the run-result store all to your project&apos;s name (here <code>sales_marts</code>):
            </p>
            <Snippet
              code={`name: sales_marts
profile: sales_marts

models:
  sales_marts:
    +materialized: view

on-run-end:
  - "{{ store_run_results(results, schema='sales_marts') }}"`}
            />
            <p>
              In <code>profiles.yml</code>, the profile of the same name points at the platform&apos;s Trino and signs
              in with a token taken from the environment, so no secret is written into the project:
            </p>
            <Snippet
              code={`sales_marts:
  target: dev
  outputs:
    dev:
      type: trino
      method: jwt
      jwt_token: "{{ env_var('TRINO_TOKEN') }}"
      host: ${p.host}
      port: ${p.port}
      database: ${p.catalog}
      schema: sales_marts
      http_scheme: https
      threads: 4`}
            />
          </>
        ),
      },
      {
        title: "Manage packages",
        body: () => (
          <>
            <p>
              List packages in <code>packages.yml</code> by their local path, then run <code>dbt deps</code>:
            </p>
            <Snippet
              code={`packages:
  - local: ../shared-packages/dbt_utils`}
            />
            <p>
              Only packages available in the platform&apos;s environment can be used; the environment cannot download
              from the internet. For another package, ask an administrator to add it.
            </p>
          </>
        ),
      },
      {
        title: "Deploy",
        body: (p) => {
          const deployment = docsLink(p.docsUrl, "dbt/deployment");
          const tutorial = docsLink(p.docsUrl, "dbt/tutorial");
          return deployment && tutorial ? (
            <p>
              Commit the project and follow the{" "}
              <a href={deployment} target="_blank" rel="noreferrer">
                deployment documentation
              </a>{" "}
              to schedule it; the{" "}
              <a href={tutorial} target="_blank" rel="noreferrer">
                tutorial
              </a>{" "}
              walks through a first deployment.
            </p>
          ) : (
            <p>
              Commit the project and ask your administrator how deployments are scheduled on this platform (no
              documentation address is configured).
            </p>
          );
        },
      },
    ],
  },
  jupysql: {
    key: "jupysql",
    icon: <ExperimentOutlined />,
    subText: "Write SQL in Jupyter notebooks with the %sql magics and get the results as data frames.",
    parameters: {},
    steps: [
      {
        title: "Install JupySQL and the Trino driver",
        body: () => (
          <>
            <p>In a notebook cell (or the notebook&apos;s environment):</p>
            <Snippet code={`%pip install jupysql "trino[sqlalchemy]"`} />
          </>
        ),
      },
      {
        title: "Load the extension and connect",
        body: (p, real) => (
          <>
            <p>The engine signs in with your bearer token over HTTPS:</p>
            <SnippetDrawer title="JupySQL connection" code={jupysqlConnect(p)} copyCode={jupysqlConnect(real)} />
          </>
        ),
      },
      {
        title: "Run queries",
        body: () => (
          <Snippet
            code={`%%sql
SELECT table_schema, count(*) AS tables
FROM information_schema.tables
GROUP BY table_schema

# Keep a result and turn it into a pandas data frame:
%sql result << SELECT * FROM information_schema.schemata
df = result.DataFrame()`}
          />
        ),
      },
    ],
  },
  cli: {
    key: "cli",
    icon: <CodeOutlined />,
    subText: "Run interactive and scripted SQL from a terminal with the Trino command-line client.",
    parameters: {},
    steps: [
      {
        title: "Check the requirements",
        body: () => (
          <p>
            The command-line client is a single executable Java archive: it needs a Java runtime of the version your
            Trino release documents (<code>java -version</code> shows yours).
          </p>
        ),
      },
      {
        title: "Download the client",
        body: () => (
          <>
            <p>Download the client of the same version as the platform&apos;s Trino and make it executable:</p>
            <Snippet
              code={`VERSION=<Trino version>
curl -fL -o trino "https://repo1.maven.org/maven2/io/trino/trino-cli/$VERSION/trino-cli-$VERSION-executable.jar"
chmod +x trino`}
            />
          </>
        ),
      },
      {
        title: "Connect",
        body: (p) => (
          <Snippet
            code={`./trino --server ${p.url} \\
  --user ${p.user} \\
  --access-token "${p.token}" \\
  --catalog ${p.catalog}`}
          />
        ),
      },
      {
        title: "Run queries",
        body: (p) => (
          <>
            <p>Type SQL at the prompt, or run a statement and leave, for example as CSV for a script:</p>
            <Snippet
              code={`./trino --server ${p.url} --user ${p.user} --access-token "${p.token}" \\
  --execute "SHOW SCHEMAS FROM ${p.catalog}" --output-format CSV`}
            />
          </>
        ),
      },
    ],
  },
  superset: {
    key: "superset",
    icon: <BarChartOutlined />,
    subText: "Explore the platform's data and build dashboards in Apache Superset.",
    parameters: {
      note: "Superset keeps the token in the database connection's Secure Extra. A personal token expires with your session: for shared dashboards, ask an administrator for a service account.",
    },
    steps: [
      {
        title: "Check the driver",
        body: () => (
          <>
            <p>Superset talks to Trino through the Trino Python driver; make sure its image has it:</p>
            <Snippet code="pip install trino" />
          </>
        ),
      },
      {
        title: "Open the database connections",
        body: () => (
          <p>
            In Superset, open <b>Settings</b> → <b>Database Connections</b> and choose <b>+ Database</b>.
          </p>
        ),
      },
      {
        title: "Choose Trino",
        body: () => (
          <p>
            Pick <b>Trino</b> among the supported databases, then{" "}
            <b>Connect this database with a SQLAlchemy URI string instead</b>.
          </p>
        ),
      },
      {
        title: "Enter the SQLAlchemy URI",
        body: (p) => <Snippet code={`trino://${p.user}@${p.host}:${p.port}/${p.catalog}`} />,
      },
      {
        title: "Add the token",
        body: (p) => (
          <>
            <p>
              Under <b>Advanced</b> → <b>Security</b>, put this in <b>Secure Extra</b>:
            </p>
            <Snippet code={`{"auth_method": "jwt", "auth_params": {"token": "${p.token}"}}`} />
            <p>
              and under <b>Advanced</b> → <b>Other</b>, in <b>Engine Parameters</b>:
            </p>
            <Snippet code={`{"connect_args": {"http_scheme": "https"}}`} />
          </>
        ),
      },
      {
        title: "Test and connect",
        body: () => (
          <p>
            Choose <b>Test connection</b>, then <b>Connect</b>. The catalog&apos;s schemas now appear in SQL Lab and in
            the dataset list.
          </p>
        ),
      },
    ],
  },
  tableau: {
    key: "tableau",
    icon: <FundOutlined />,
    subText: "Analyse the platform's data in Tableau Desktop through the Trino JDBC driver.",
    parameters: {},
    steps: [
      {
        title: "Install the JDBC driver",
        body: () => (
          <p>
            Download the Trino JDBC driver (<code>trino-jdbc-&lt;version&gt;.jar</code>, the version of the
            platform&apos;s Trino) and copy it to Tableau&apos;s driver folder:{" "}
            <code>C:\Program Files\Tableau\Drivers</code> on Windows, <code>~/Library/Tableau/Drivers</code> on macOS.
            Restart Tableau.
          </p>
        ),
      },
      {
        title: "Connect",
        body: (p) => (
          <>
            <p>
              Choose <b>Connect</b> → <b>To a Server</b> → <b>Other Databases (JDBC)</b> and enter the URL below (the
              port is the query server&apos;s: 8080 only for a server without TLS inside your network), dialect{" "}
              <b>SQL92</b>, username <code>{p.user}</code> and no password; then <b>Sign In</b>.
            </p>
            <Snippet code={`jdbc:trino://${p.host}:${p.port}/${p.catalog}?SSL=true&accessToken=${p.token}`} />
          </>
        ),
      },
    ],
  },
  powerbi: {
    key: "powerbi",
    icon: <ThunderboltOutlined />,
    subText: "Build Power BI reports on the platform's data through an ODBC data source.",
    parameters: {},
    steps: [
      {
        title: "Prerequisites",
        body: () => (
          <ul>
            <li>The query server is running and reachable from your computer.</li>
            <li>
              An ODBC driver for Trino is installed, with a data source configured for it (see the{" "}
              <a href="https://trino.io/ecosystem/client-driver" target="_blank" rel="noreferrer">
                client drivers of the Trino ecosystem
              </a>
              ).
            </li>
            <li>You have your username and password (or token) at hand.</li>
          </ul>
        ),
      },
      {
        title: "Connect",
        body: (p) => (
          <ol>
            <li>Open Power BI Desktop.</li>
            <li>
              Choose <b>Get Data</b> → <b>ODBC</b> and pick the data source you configured.
            </li>
            <li>
              Enter the server <code>{p.host}</code>, the catalog <code>{p.catalog}</code>, your username{" "}
              <code>{p.user}</code>, your password and the port <code>{p.port}</code> (8080 only for a server without
              TLS).
            </li>
            <li>Optionally set a query timeout, turn SSL on and add session parameters.</li>
            <li>Test the connection.</li>
            <li>Choose the tables and load the data.</li>
            <li>
              Choose <b>Import</b> (a copy, refreshed on a schedule) or <b>DirectQuery</b> (every visual queries the
              platform).
            </li>
            <li>Build your visualizations.</li>
          </ol>
        ),
      },
    ],
  },
  arrow: {
    key: "arrow",
    icon: <ConsoleSqlOutlined />,
    subText: "Stream query results in Arrow's columnar format over Arrow Flight SQL, straight into pyarrow and DuckDB.",
    parameters: {
      note: "Arrow Flight SQL listens on port 8443 over gRPC with TLS and takes your token as a bearer authorization header.",
    },
    steps: [
      {
        title: "Install the libraries",
        body: () => (
          <>
            <p>These versions are the ones the platform is tested with:</p>
            <Snippet
              code={`pip install pyarrow==${ARROW_VERSIONS.pyarrow} duckdb==${ARROW_VERSIONS.duckdb} adbc-driver-flightsql==${ARROW_VERSIONS.adbc}`}
            />
          </>
        ),
      },
      {
        title: "Connect and query",
        body: (p, real) => <SnippetDrawer title="Arrow Flight SQL example" code={arrow(p)} copyCode={arrow(real)} />,
      },
    ],
  },
};
