import { Card, Descriptions, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServiceDetails as Service } from "@console/contracts";
import { PODS_PAGE_SIZE } from "@console/contracts/constants";
import { formatDateTime, PLACEHOLDER } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { ListTable } from "../../../shared/ui/ListTable";

/** The service details card: a dropdown when the component has several services, and its endpoints. */
export function ServiceDetailsCard(props: { services: Service[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useListState<null>({ pageSize: PODS_PAGE_SIZE, filters: null });
  const services = props.services ?? [];
  const s = services.find((x) => x.name === chosen) ?? services[0];
  return (
    <Card
      size="small"
      title={t("components.service")}
      loading={props.loading}
      extra={
        services.length > 1 ? (
          <Select
            aria-label={t("components.service")}
            value={s?.name}
            style={{ minWidth: 220 }}
            onChange={(v) => {
              setChosen(v);
              list.setPage(0);
            }}
            options={services.map((x) => ({ value: x.name, label: x.name }))}
          />
        ) : null
      }
    >
      {s ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: "name", label: t("components.service.name"), children: s.name },
              { key: "type", label: t("components.service.type"), children: s.type },
              {
                key: "clusterIP",
                label: t("components.service.clusterIP"),
                children: s.connection.clusterIP ?? PLACEHOLDER,
              },
              {
                key: "ports",
                label: t("components.service.ports"),
                children:
                  s.connection.ports
                    .map((p) =>
                      `${p.name ?? ""} ${p.port}${p.nodePort ? `:${p.nodePort}` : ""} → ${p.targetPort ?? PLACEHOLDER}/${p.protocol}`.trim(),
                    )
                    .join(", ") || PLACEHOLDER,
              },
              { key: "sessionAffinity", label: t("components.service.sessionAffinity"), children: s.sessionAffinity },
              { key: "created", label: t("components.service.created"), children: formatDateTime(s.created) },
              {
                key: "selector",
                label: t("components.service.selector"),
                children:
                  Object.entries(s.selector)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(", ") || PLACEHOLDER,
              },
            ]}
          />
          <ListTable<{ name: string | null; ip: string }>
            columns={[
              { title: t("components.endpoint.name"), dataIndex: "name" },
              { title: t("components.endpoint.ip"), dataIndex: "ip" },
              {
                title: t("components.endpoint.ports"),
                key: "ports",
                render: () => s.endPoints.ports.map((p) => `${p.name ?? ""} ${p.port}`.trim()).join(", "),
              },
            ]}
            rows={s.endPoints.address}
            rowKey="ip"
            list={list}
            clientPaging
            fixedPageSize
            size="small"
          />
        </>
      ) : (
        <span>{t("components.noService")}</span>
      )}
    </Card>
  );
}
