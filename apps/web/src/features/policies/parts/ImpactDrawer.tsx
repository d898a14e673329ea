import { Drawer, Flex, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImpactWindow } from "@console/contracts";
import { DEFAULT_IMPACT_WINDOW } from "@console/contracts/constants";
import { useImpact, type ImpactSubject } from "../impact-api";
import { ImpactView, WindowPicker } from "./ImpactView";

/** The impact preview in a drawer: of a Sync (policy list) or of the unsaved policy (wizard). */
export function ImpactDrawer(props: { open: boolean; subject: ImpactSubject; onClose: () => void }) {
  const { t } = useTranslation();
  const [window, setWindow] = useState<ImpactWindow>(DEFAULT_IMPACT_WINDOW);
  const impact = useImpact(props.subject, window, props.open);
  const ofPolicy = props.subject.kind === "policy";
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={t(ofPolicy ? "policies.impact.titlePolicy" : "policies.impact.title")}
      width={880}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(ofPolicy ? "policies.impact.hintPolicy" : "policies.impact.hint")}
        </Typography.Paragraph>
        <WindowPicker value={window} onChange={setWindow} />
        <ImpactView data={impact.data} loading={impact.isFetching} error={impact.error} window={window} />
      </Flex>
    </Drawer>
  );
}
