/** The sandbox's data catalogue: what Trino's information_schema and the notebook service describe. */

export interface SimColumn {
  name: string;
  type: string;
  /** Column tags and glossary terms the data catalogue attaches. */
  tags?: string[];
  glossary?: string[];
}
export interface SimTable {
  catalog: string;
  schema: string;
  name: string;
  columns: SimColumn[];
  tags?: string[];
  glossary?: string[];
}

const c = (name: string, type: string, extra: Partial<SimColumn> = {}): SimColumn => ({ name, type, ...extra });
const id = c("id", "bigint");
const audit = [c("created_at", "timestamp(3)"), c("updated_at", "timestamp(3) with time zone")];

/** A few dozen tables over several catalogs and schemas, with columns of every type group. */
function build(): SimTable[] {
  const t = (catalog: string, schema: string, name: string, columns: SimColumn[], extra: Partial<SimTable> = {}) => ({
    catalog,
    schema,
    name,
    columns,
    ...extra,
  });
  const tables: SimTable[] = [
    t(
      "hive",
      "sales",
      "customers",
      [
        id,
        c("first_name", "varchar", { tags: ["PII"], glossary: ["Customer Name"] }),
        c("last_name", "varchar", { tags: ["PII"], glossary: ["Customer Name"] }),
        c("email", "varchar(255)", { tags: ["PII", "Contact"] }),
        c("phone", "varchar(32)", { tags: ["PII", "Contact"] }),
        c("national_id", "varchar(20)", { tags: ["PII", "Sensitive"], glossary: ["National ID"] }),
        c("birth_date", "date", { tags: ["PII"] }),
        c("country", "char(2)"),
        c("vip", "boolean"),
        c("credit_limit", "decimal(12,2)", { tags: ["Financial"] }),
        ...audit,
      ],
      { tags: ["Customer Data"], glossary: ["Customer"] },
    ),
    t(
      "hive",
      "sales",
      "orders",
      [
        id,
        c("customer_id", "bigint"),
        c("order_date", "date"),
        c("status", "varchar(16)"),
        c("region", "varchar(8)"),
        c("total_amount", "decimal(12,2)", { tags: ["Financial"] }),
        c("discount", "double"),
        c("items", "integer"),
        c("gift", "boolean"),
        ...audit,
      ],
      { tags: ["Transactions"], glossary: ["Order"] },
    ),
    t(
      "hive",
      "sales",
      "order_lines",
      [
        id,
        c("order_id", "bigint"),
        c("product_id", "bigint"),
        c("quantity", "integer"),
        c("unit_price", "decimal(10,2)"),
        c("tax_rate", "real"),
      ],
      { tags: ["Transactions"] },
    ),
    t("hive", "sales", "products", [
      id,
      c("sku", "varchar(32)"),
      c("name", "varchar"),
      c("category", "varchar"),
      c("price", "decimal(10,2)"),
      c("active", "boolean"),
      c("launched_on", "date"),
      c("attributes", "map(varchar, varchar)"),
    ]),
    t(
      "hive",
      "sales",
      "payments",
      [
        id,
        c("order_id", "bigint"),
        c("card_number", "varchar(19)", { tags: ["PCI", "Sensitive"] }),
        c("iban", "varchar(34)", { tags: ["PCI"] }),
        c("amount", "decimal(12,2)", { tags: ["Financial"] }),
        c("paid_at", "timestamp(3)"),
        c("method", "varchar(16)"),
      ],
      { tags: ["Transactions", "PCI Scope"], glossary: ["Payment"] },
    ),
    t("hive", "sales", "returns", [
      id,
      c("order_id", "bigint"),
      c("reason", "varchar"),
      c("returned_on", "date"),
      c("refund", "decimal(12,2)"),
    ]),
    t(
      "hive",
      "hr",
      "employees",
      [
        id,
        c("full_name", "varchar", { tags: ["PII"], glossary: ["Employee Name"] }),
        c("email", "varchar(255)", { tags: ["PII", "Contact"] }),
        c("national_id", "varchar(20)", { tags: ["PII", "Sensitive"], glossary: ["National ID"] }),
        c("salary", "decimal(12,2)", { tags: ["Financial", "Sensitive"], glossary: ["Compensation"] }),
        c("department", "varchar(32)"),
        c("hired_on", "date"),
        c("manager_id", "bigint"),
        c("remote", "boolean"),
        c("grade", "smallint"),
      ],
      { tags: ["HR Data"], glossary: ["Employee"] },
    ),
    t("hive", "hr", "departments", [
      id,
      c("name", "varchar"),
      c("cost_center", "varchar(8)"),
      c("budget", "decimal(14,2)", { tags: ["Financial"] }),
    ]),
    t(
      "hive",
      "hr",
      "payroll",
      [
        id,
        c("employee_id", "bigint"),
        c("month", "date"),
        c("gross", "decimal(12,2)", { tags: ["Financial", "Sensitive"] }),
        c("net", "decimal(12,2)", { tags: ["Financial", "Sensitive"] }),
        c("bank_account", "varchar(34)", { tags: ["PCI"] }),
      ],
      { tags: ["HR Data"], glossary: ["Compensation"] },
    ),
    t("hive", "hr", "leave_requests", [
      id,
      c("employee_id", "bigint"),
      c("starts_on", "date"),
      c("ends_on", "date"),
      c("approved", "boolean"),
      c("days", "tinyint"),
    ]),
    t("hive", "marketing", "campaigns", [
      id,
      c("name", "varchar"),
      c("channel", "varchar(16)"),
      c("budget", "decimal(12,2)"),
      c("starts_at", "timestamp(3)"),
      c("ends_at", "timestamp(3)"),
      c("ctr", "double"),
    ]),
    t(
      "hive",
      "marketing",
      "leads",
      [
        id,
        c("email", "varchar(255)", { tags: ["PII", "Contact"] }),
        c("source", "varchar"),
        c("score", "integer"),
        c("converted", "boolean"),
        c("captured_at", "timestamp(3) with time zone"),
      ],
      { tags: ["Customer Data"] },
    ),
    t("hive", "marketing", "web_sessions", [
      c("session_id", "varchar(36)"),
      c("visitor_ip", "varchar(45)", { tags: ["PII"] }),
      c("started_at", "timestamp(6)"),
      c("pages", "integer"),
      c("duration_s", "real"),
      c("device", "varchar"),
      c("tags", "array(varchar)"),
    ]),
    t(
      "iceberg",
      "finance",
      "ledger",
      [
        id,
        c("account", "varchar(16)"),
        c("entry_date", "date"),
        c("debit", "decimal(18,2)", { tags: ["Financial"] }),
        c("credit", "decimal(18,2)", { tags: ["Financial"] }),
        c("memo", "varchar"),
        c("posted", "boolean"),
      ],
      { tags: ["Financial Records"], glossary: ["General Ledger"] },
    ),
    t(
      "iceberg",
      "finance",
      "invoices",
      [
        id,
        c("customer_id", "bigint"),
        c("issued_on", "date"),
        c("due_on", "date"),
        c("amount", "decimal(12,2)", { tags: ["Financial"] }),
        c("currency", "char(3)"),
        c("paid", "boolean"),
      ],
      { tags: ["Financial Records"], glossary: ["Invoice"] },
    ),
    t("iceberg", "finance", "budgets", [
      id,
      c("department_id", "bigint"),
      c("year", "integer"),
      c("amount", "decimal(14,2)"),
    ]),
    t("iceberg", "finance", "fx_rates", [c("currency", "char(3)"), c("rate_date", "date"), c("rate", "double")]),
    t(
      "iceberg",
      "finance",
      "tax_filings",
      [
        id,
        c("period", "varchar(7)"),
        c("filed_at", "timestamp(3)"),
        c("amount_due", "decimal(14,2)", { tags: ["Financial"] }),
        c("tax_id", "varchar(20)", { tags: ["Sensitive"] }),
      ],
      { glossary: ["Tax"] },
    ),
    t("iceberg", "logistics", "shipments", [
      id,
      c("order_id", "bigint"),
      c("carrier", "varchar"),
      c("shipped_at", "timestamp(3)"),
      c("delivered_at", "timestamp(3)"),
      c("weight_kg", "real"),
      c("address", "varchar", { tags: ["PII"] }),
    ]),
    t("iceberg", "logistics", "warehouses", [
      id,
      c("name", "varchar"),
      c("city", "varchar"),
      c("capacity", "integer"),
      c("latitude", "double"),
      c("longitude", "double"),
    ]),
    t("iceberg", "logistics", "inventory", [
      c("warehouse_id", "bigint"),
      c("product_id", "bigint"),
      c("on_hand", "integer"),
      c("counted_at", "timestamp(3)"),
    ]),
    t("iceberg", "logistics", "routes", [
      id,
      c("origin", "varchar"),
      c("destination", "varchar"),
      c("distance_km", "double"),
      c("active", "boolean"),
    ]),
    t(
      "iceberg",
      "analytics",
      "daily_revenue",
      [
        c("day", "date"),
        c("region", "varchar(8)"),
        c("revenue", "decimal(18,2)", { tags: ["Financial"] }),
        c("orders", "bigint"),
      ],
      { tags: ["Aggregates"] },
    ),
    t(
      "iceberg",
      "analytics",
      "customer_ltv",
      [
        c("customer_id", "bigint"),
        c("ltv", "decimal(14,2)"),
        c("segment", "varchar(16)"),
        c("computed_at", "timestamp(3)"),
      ],
      { tags: ["Aggregates", "Customer Data"] },
    ),
    t("iceberg", "analytics", "churn_scores", [
      c("customer_id", "bigint"),
      c("score", "double"),
      c("model", "varchar"),
      c("scored_on", "date"),
    ]),
    t(
      "postgresql",
      "public",
      "accounts",
      [
        id,
        c("username", "varchar(64)"),
        c("email", "varchar(255)", { tags: ["PII", "Contact"] }),
        c("password_hash", "varchar(128)", { tags: ["Secret"] }),
        c("created_at", "timestamp(3)"),
        c("locked", "boolean"),
      ],
      { tags: ["Identity"] },
    ),
    t("postgresql", "public", "support_tickets", [
      id,
      c("account_id", "bigint"),
      c("subject", "varchar"),
      c("body", "varchar"),
      c("priority", "smallint"),
      c("opened_at", "timestamp(3) with time zone"),
      c("closed", "boolean"),
    ]),
    t("postgresql", "public", "feature_flags", [
      c("name", "varchar(64)"),
      c("enabled", "boolean"),
      c("rollout", "real"),
      c("updated_at", "timestamp(3)"),
    ]),
    t("postgresql", "public", "audit_log", [
      id,
      c("actor", "varchar(64)"),
      c("action", "varchar(32)"),
      c("at", "timestamp(3) with time zone"),
      c("details", "json"),
    ]),
    t(
      "postgresql",
      "crm",
      "contacts",
      [
        id,
        c("name", "varchar", { tags: ["PII"] }),
        c("phone", "varchar(32)", { tags: ["PII", "Contact"] }),
        c("company", "varchar"),
        c("last_contacted", "date"),
      ],
      { tags: ["Customer Data"], glossary: ["Customer"] },
    ),
    t("postgresql", "crm", "opportunities", [
      id,
      c("contact_id", "bigint"),
      c("stage", "varchar(16)"),
      c("value", "decimal(12,2)", { tags: ["Financial"] }),
      c("probability", "real"),
      c("close_date", "date"),
    ]),
    t("postgresql", "crm", "activities", [
      id,
      c("contact_id", "bigint"),
      c("kind", "varchar(16)"),
      c("notes", "varchar"),
      c("happened_at", "timestamp(3)"),
    ]),
    t("dataproducts", "published", "sales_summary", [
      c("month", "date"),
      c("region", "varchar(8)"),
      c("revenue", "decimal(18,2)"),
    ]),
    t("dataproducts", "published", "customer_360", [
      c("customer_id", "bigint"),
      c("segment", "varchar"),
      c("ltv", "decimal(14,2)"),
    ]),
  ];
  return tables;
}

export const CATALOGUE: readonly SimTable[] = build();
export const CATALOG_NAMES = [...new Set(CATALOGUE.map((t) => t.catalog)), "system"].sort();
