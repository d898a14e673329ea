import { Card, Empty, Flex, theme } from "antd";
import { NameText } from "./NameText";
import type { Analytics } from "@console/contracts";
import { useTranslation } from "react-i18next";
import { abbreviateNumber } from "../../../shared/lib/format";

type Ranked = Analytics["top_5_users"];

function TopList(props: { title: string; items: Ranked | undefined; loading: boolean; empty: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card size="small" title={props.title} loading={props.loading}>
      {props.items && props.items.length > 0 ? (
        <ol aria-label={props.title} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {props.items.map((item, i) => (
            <li key={item.name} style={{ padding: "6px 0", borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <Flex justify="space-between" gap={8} style={{ minWidth: 0 }}>
                <Flex style={{ minWidth: 0, flex: 1 }}>
                  <span style={{ color: token.colorTextSecondary, marginRight: 8, flex: "none" }}>{i + 1}.</span>
                  <NameText name={item.name} />
                </Flex>
                <span style={{ color: token.colorTextSecondary, flex: "none" }}>
                  {t("insights.queriesCount", { count: item.count, formatted: abbreviateNumber(item.count) })}
                </span>
              </Flex>
            </li>
          ))}
        </ol>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
      )}
    </Card>
  );
}

/** The right-hand statistics panel: the top five of users, tables, table pairs and schemas. */
export function TopLists(props: { analytics: Analytics | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const a = props.analytics;
  return (
    <Flex vertical gap={12} component="aside" aria-label={t("insights.statistics")}>
      <TopList
        title={t("insights.topUsers")}
        items={a?.top_5_users}
        loading={props.loading}
        empty={t("insights.noQueries")}
      />
      <TopList
        title={t("insights.topTables")}
        items={a?.top_five_tables}
        loading={props.loading}
        empty={t("insights.noTables")}
      />
      <TopList
        title={t("insights.topCooccurring")}
        items={a?.top_five_cooccuring_tables}
        loading={props.loading}
        empty={t("insights.noPairs")}
      />
      <TopList
        title={t("insights.topSchemas")}
        items={a?.top_five_schemas}
        loading={props.loading}
        empty={t("insights.noTables")}
      />
    </Flex>
  );
}
