import { Anchor, Button, Card, Flex, Segmented, Spin, Tabs, theme } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { ClientConfiguration, ClientMode, ClientToolKey, clientConfigRoutes } from "@console/contracts";
import { ARROW_PORT, CLIENT_TOOLS } from "@console/contracts/constants";
import { useAuth } from "../../app/auth";
import { useShell } from "../../app/state";
import { call, errorMessage } from "../../shared/lib/api";
import { PageHeader } from "../../shared/ui/PageHeader";
import { StatusMessage } from "../../shared/ui/StatusMessage";
import { GUIDES, type GuideParams } from "./guides";
import { MASK, ParameterBlock } from "./parts/ParameterBlock";
import { ToolArt } from "./parts/ToolArt";

/** Anchor clicks stop this far above a section (spec section 2). */
const ANCHOR_OFFSET = 20;

function useClientConfiguration() {
  return useQuery({
    queryKey: ["client-configuration"],
    queryFn: ({ signal }) =>
      call<typeof clientConfigRoutes.get>("GET", "/admin-api/api/v1/client-configuration", undefined, signal),
    staleTime: Infinity,
  });
}

/** Values the guide fills in for a tool and mode: Arrow has its own fixed port and address. */
function paramsFor(
  tool: ClientToolKey,
  mode: ClientMode,
  config: ClientConfiguration,
  user: string,
  token: string,
): GuideParams {
  const endpoint = (mode === "external" ? config.endpoints.external : null) ?? config.endpoints.internal;
  const arrow = tool === "arrow";
  return {
    user,
    token,
    host: endpoint.host,
    port: arrow ? ARROW_PORT : endpoint.port,
    url: arrow ? endpoint.arrowUrl : endpoint.url,
    catalog: config.catalog,
    docsUrl: config.docsUrl,
  };
}

export default function ClientConfigPage() {
  const { t } = useTranslation();
  const config = useClientConfiguration();
  const [tool, setTool] = useState<ClientToolKey>(CLIENT_TOOLS[0].key);
  const navigate = useNavigate();

  const choose = (key: string) => {
    setTool(key as ClientToolKey);
    // A new tool starts at its top (its guide is a new scroll area) without the previous
    // tool's section in the address.
    void navigate("/client-configuration", { replace: true });
  };

  return (
    <>
      <PageHeader crumbs={[{ label: t("clientConfiguration") }]} title={t("clientConfiguration")} />
      {config.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" aria-label={t("common.loading")} />
        </Flex>
      ) : config.isError ? (
        <StatusMessage
          kind="error"
          title={t("clientConfig.loadFailed")}
          subTitle={errorMessage(config.error)}
          extra={<Button onClick={() => void config.refetch()}>{t("clientConfig.retry")}</Button>}
        />
      ) : (
        <>
          <Tabs
            activeKey={tool}
            onChange={choose}
            items={CLIENT_TOOLS.map((c) => ({
              key: c.key,
              label: (
                <Flex gap={6} align="center">
                  {GUIDES[c.key].icon}
                  {c.label}
                </Flex>
              ),
            }))}
          />
          <ToolGuide key={tool} tool={tool} config={config.data} />
        </>
      )}
    </>
  );
}

function ToolGuide(props: { tool: ClientToolKey; config: ClientConfiguration }) {
  const { t } = useTranslation();
  const { token: theme_ } = theme.useToken();
  const dark = useShell((s) => s.isDarkMode);
  const user = useAuth((s) => s.username) ?? "";
  const bearer = useAuth((s) => s.token) ?? "";
  const entry = CLIENT_TOOLS.find((c) => c.key === props.tool)!;
  const guide = GUIDES[props.tool];
  const modes = props.tool === "arrow" ? props.config.arrowModes : props.config.modes;
  const [mode, setMode] = useState<ClientMode>(modes[0]!);
  const [revealed, setRevealed] = useState(false);
  const real = useMemo(
    () => paramsFor(props.tool, mode, props.config, user, bearer),
    [props.tool, mode, props.config, user, bearer],
  );
  const shown = revealed ? real : { ...real, token: MASK };
  const [container, setContainer] = useState<HTMLDivElement | null>(null);

  const anchorId = (i: number) => `${props.tool}-step-${i + 1}`;
  const title = "bannerTitle" in entry ? entry.bannerTitle : entry.label;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex gap={16} align="center">
            <span style={{ fontSize: 40, color: theme_.colorPrimary }} aria-hidden>
              {guide.icon}
            </span>
            <div>
              <h2 style={{ margin: 0, fontSize: theme_.fontSizeHeading3, fontWeight: 600 }}>{title}</h2>
              <p style={{ margin: "4px 0 0", color: theme_.colorTextSecondary }}>{guide.subText}</p>
            </div>
          </Flex>
          <Flex align="center" gap={16}>
            {guide.parameters && modes.length === 2 ? (
              <Segmented<ClientMode>
                aria-label={t("clientConfig.mode")}
                value={mode}
                onChange={setMode}
                options={modes.map((m) => ({ value: m, label: t(`clientConfig.mode.${m}`) }))}
              />
            ) : null}
            <ToolArt dark={dark} accent={theme_.colorPrimary} />
          </Flex>
        </Flex>
      </Card>
      <Flex gap={24} align="flex-start">
        <div
          ref={setContainer}
          data-testid="guide-steps"
          style={{ flex: 1, minWidth: 0, maxHeight: "calc(100vh - 410px)", minHeight: 320, overflowY: "auto" }}
        >
          <section id={`${props.tool}-introduction`} aria-labelledby={`${props.tool}-introduction-title`}>
            <h2 id={`${props.tool}-introduction-title`} style={{ fontSize: theme_.fontSizeHeading4 }}>
              {t("clientConfig.introduction")}
            </h2>
            {guide.steps.map((step, i) => (
              <section key={step.title} id={anchorId(i)} aria-label={`${i + 1}. ${step.title}`}>
                <h3 style={{ fontSize: theme_.fontSizeHeading5 }}>{`${i + 1}. ${step.title}`}</h3>
                {step.body(shown, real)}
              </section>
            ))}
          </section>
          {guide.parameters ? (
            <section id={`${props.tool}-parameters`} aria-labelledby={`${props.tool}-parameters-title`}>
              <h2 id={`${props.tool}-parameters-title`} style={{ fontSize: theme_.fontSizeHeading4 }}>
                {t("clientConfig.parameters")}
              </h2>
              <ParameterBlock
                values={real}
                revealed={revealed}
                onReveal={setRevealed}
                {...(guide.parameters.note ? { note: guide.parameters.note } : {})}
              />
            </section>
          ) : null}
        </div>
        <nav aria-label={t("clientConfig.contents")} style={{ width: 240, flex: "none" }}>
          {container ? (
            <Anchor
              getContainer={() => container}
              targetOffset={ANCHOR_OFFSET}
              replace
              items={[
                {
                  key: "introduction",
                  href: `#${props.tool}-introduction`,
                  title: t("clientConfig.introduction"),
                  children: guide.steps.map((step, i) => ({
                    key: anchorId(i),
                    href: `#${anchorId(i)}`,
                    title: `${i + 1}. ${step.title}`,
                  })),
                },
                ...(guide.parameters
                  ? [{ key: "parameters", href: `#${props.tool}-parameters`, title: t("clientConfig.parameters") }]
                  : []),
              ]}
            />
          ) : null}
        </nav>
      </Flex>
    </Flex>
  );
}
