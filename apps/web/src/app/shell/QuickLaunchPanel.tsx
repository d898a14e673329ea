import { RocketOutlined } from "@ant-design/icons";
import { Button, Empty, Flex, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QUICK_LAUNCH_PER_ROW } from "@console/contracts/constants";
import { useLaunchable } from "./launchable";

/** The quick-launch grid with its search; loaded when the popover first opens. */
export default function QuickLaunchPanel(props: { onLaunch: (url: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const items = useLaunchable().filter((c) => c.label.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Flex vertical gap={12} style={{ width: QUICK_LAUNCH_PER_ROW * 96 }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t("header.quickLaunchSearch")}
        aria-label={t("header.quickLaunchSearch")}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("header.noComponents")} />
      ) : (
        <div
          role="list"
          style={{ display: "grid", gridTemplateColumns: `repeat(${QUICK_LAUNCH_PER_ROW}, 1fr)`, gap: 8 }}
        >
          {items.map((c) => (
            <div role="listitem" key={c.key}>
              <Button
                type="text"
                disabled={!c.active}
                onClick={() => props.onLaunch(c.launchUrl!)}
                style={{
                  height: 72,
                  width: "100%",
                  display: "flex",
                  flexDirection: "column",
                  gap: 4,
                  whiteSpace: "normal",
                }}
              >
                <RocketOutlined style={{ fontSize: 20 }} />
                <Typography.Text ellipsis style={{ fontSize: 12 }}>
                  {c.label}
                </Typography.Text>
              </Button>
            </div>
          ))}
        </div>
      )}
    </Flex>
  );
}
