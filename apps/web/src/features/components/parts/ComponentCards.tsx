import { LeftOutlined, RightOutlined, WarningOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Grid, Select, Tag, Tooltip, theme } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ComponentSections } from "@console/contracts";
import { BREAKPOINTS } from "@console/contracts/constants";

export type CardState = "contactSupport" | "enabled" | "active" | "inactive";
export type CardFilter = "all" | "active" | "inactive" | "enabled";

type Item = ComponentSections["sections"][number]["components"][number];

/** A card's state by priority: unlicensed, enabled, active, else inactive (spec section 4). */
export function cardState(list: ComponentSections, key: string): CardState {
  if (list.unlicensedComponents.includes(key)) return "contactSupport";
  if (list.enabledComponents.includes(key)) return "enabled";
  if (list.activeComponents.includes(key)) return "active";
  return "inactive";
}

const STATE_COLOR: Record<CardState, string> = {
  contactSupport: "default",
  enabled: "blue",
  active: "success",
  inactive: "default",
};

/** The component cards with their filter and a carousel of 4 (3 on tablet). */
export function ComponentCards(props: {
  list: ComponentSections;
  selected: string | undefined;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { list } = props;
  const [filter, setFilter] = useState<CardFilter>("all");
  const [start, setStart] = useState(0);
  const { token } = theme.useToken();
  const wide = typeof window !== "undefined" && window.innerWidth > BREAKPOINTS.tablet;
  // Re-render when the window crosses a breakpoint, so the carousel size follows.
  Grid.useBreakpoint();
  const perView = wide ? 4 : 3;
  const all: Item[] = list.sections
    .flatMap((s) => s.components)
    .filter((c) => !list.marketPlaceComponents.includes(c.key));
  const items = all.filter((c) => {
    const s = cardState(list, c.key);
    if (filter === "active") return s === "active";
    if (filter === "inactive") return s === "inactive";
    if (filter === "enabled") return s === "enabled";
    return true;
  });
  const selectedAt = items.findIndex((c) => c.key === props.selected);
  // Bring the chosen card into view: the carousel turns to the page that holds it.
  useEffect(() => {
    if (selectedAt >= 0) setStart(Math.floor(selectedAt / perView) * perView);
  }, [selectedAt, perView]);
  const from = Math.min(start, Math.max(0, items.length - perView));
  const shown = items.slice(from, from + perView);
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Select<CardFilter>
          aria-label={t("components.filter")}
          value={filter}
          style={{ width: 160 }}
          onChange={(v) => {
            setFilter(v);
            setStart(0);
          }}
          options={[
            { value: "all", label: t("components.filter.all") },
            { value: "active", label: t("components.filter.active") },
            { value: "inactive", label: t("components.filter.inactive") },
            ...(list.enabledComponents.length
              ? [{ value: "enabled" as const, label: t("components.filter.enabled") }]
              : []),
          ]}
        />
        <Flex gap={4}>
          <Button
            icon={<LeftOutlined />}
            aria-label={t("components.previous")}
            disabled={from === 0}
            onClick={() => setStart(Math.max(0, from - perView))}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t("components.next")}
            disabled={from + perView >= items.length}
            onClick={() => setStart(from + perView)}
          />
        </Flex>
      </Flex>
      <Flex gap={12} role="list" aria-label={t("components.cards")}>
        {shown.map((c) => {
          const state = cardState(list, c.key);
          const clickable = state === "active" && list.permittedComponents.includes(c.key);
          const unhealthy = state === "active" && list.unhealthyComponents.includes(c.key);
          return (
            <Card
              key={c.key}
              role="listitem"
              size="small"
              hoverable={clickable}
              aria-label={c.label}
              aria-current={props.selected === c.key ? "true" : undefined}
              tabIndex={clickable ? 0 : -1}
              onClick={() => clickable && props.onSelect(c.key)}
              onKeyDown={(e) => {
                if (clickable && (e.key === "Enter" || e.key === " ")) props.onSelect(c.key);
              }}
              style={{
                flex: `0 0 calc(${100 / perView}% - 9px)`,
                opacity: state === "contactSupport" ? 0.55 : 1,
                cursor: clickable ? "pointer" : "default",
                borderColor: props.selected === c.key ? token.colorPrimary : undefined,
                boxShadow: props.selected === c.key ? `inset 0 0 0 1px ${token.colorPrimary}` : undefined,
                background: props.selected === c.key ? token.colorPrimaryBg : undefined,
              }}
            >
              <Flex justify="space-between" align="center">
                <strong>{c.label}</strong>
                <span>
                  {unhealthy ? (
                    <Tooltip title={t("cluster.unhealthy")}>
                      <WarningOutlined
                        aria-label={t("cluster.unhealthy")}
                        style={{ color: "var(--ant-color-warning)", marginRight: 6 }}
                      />
                    </Tooltip>
                  ) : null}
                  <Tag color={STATE_COLOR[state]}>{t(`components.state.${state}`)}</Tag>
                </span>
              </Flex>
            </Card>
          );
        })}
        {shown.length === 0 ? <span>{t("components.none")}</span> : null}
      </Flex>
    </Flex>
  );
}
