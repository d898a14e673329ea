/** Constants of the client configuration screen; no zod here, so the web bundle can import them. */

/** The client tools with a guide, in menu order, and how many introduction steps each has. */
export const CLIENT_TOOLS = [
  { key: "python", label: "Python", introSteps: 2 },
  { key: "dbt", label: "dbt", introSteps: 4 },
  { key: "jupysql", label: "JupySQL", introSteps: 3 },
  { key: "cli", label: "CLI", introSteps: 4 },
  { key: "superset", label: "Superset", introSteps: 6 },
  { key: "tableau", label: "Tableau", introSteps: 2 },
  { key: "powerbi", label: "PowerBI", introSteps: 2 },
  { key: "arrow", label: "Arrow", bannerTitle: "Apache Arrow", introSteps: 2 },
] as const;
export type ClientToolKey = (typeof CLIENT_TOOLS)[number]["key"];

export const CLIENT_MODES = ["internal", "external"] as const;
export type ClientMode = (typeof CLIENT_MODES)[number];

/** Arrow Flight SQL listens on a fixed port (spec section 9). */
export const ARROW_PORT = 8443;
