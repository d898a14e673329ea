import { RocketOutlined } from "@ant-design/icons";
import { Button, Popover, Spin, Tooltip } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

const QuickLaunchPanel = lazy(() => import("./QuickLaunchPanel"));

/** Side-bottom launcher: an absolute URL opens a new window, a path opens under /home. */
export function QuickLaunch(props: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const launch = (url: string) => {
    setOpen(false);
    if (/^https?:\/\//.test(url)) window.open(url, "_blank", "noopener,noreferrer");
    else void navigate(`/home${url.startsWith("/") ? url : `/${url}`}`);
  };

  return (
    <Popover
      content={
        open ? (
          <Suspense fallback={<Spin />}>
            <QuickLaunchPanel onLaunch={launch} />
          </Suspense>
        ) : null
      }
      title={t("header.quickLaunch")}
      trigger="click"
      placement="rightBottom"
      open={open}
      onOpenChange={setOpen}
    >
      <Tooltip title={props.collapsed ? t("header.quickLaunch") : undefined} placement="right">
        <Button type="text" block icon={<RocketOutlined />} aria-label={t("header.quickLaunch")}>
          {props.collapsed ? null : t("header.quickLaunch")}
        </Button>
      </Tooltip>
    </Popover>
  );
}
