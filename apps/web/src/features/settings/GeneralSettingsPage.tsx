import { Col, Row } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useUnsavedChanges } from "../../shared/lib/useUnsavedChanges";
import { CacheManagementCard } from "./CacheManagementCard";
import { DefaultTermsCard } from "./DefaultTermsCard";
import { InsightsPreferenceCard } from "./InsightsPreferenceCard";
import { SettingsLayout } from "./SettingsLayout";

/** Which of the page's forms hold changes not saved yet. */
function useDirtyForms() {
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const report = useCallback(
    (form: string) => (d: boolean) => setDirty((all) => (all[form] === d ? all : { ...all, [form]: d })),
    [],
  );
  return { any: Object.values(dirty).some(Boolean), report };
}

export default function GeneralSettingsPage() {
  const { any, report } = useDirtyForms();
  const insightsDirty = useMemo(() => report("insights"), [report]);
  const termsDirty = useMemo(() => report("terms"), [report]);
  // Leaving the page or signing out with a form changed asks first, as the wizards do.
  useUnsavedChanges(any);
  return (
    <SettingsLayout section="generalSettings">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <InsightsPreferenceCard onDirty={insightsDirty} />
        </Col>
        <Col xs={24} xl={12}>
          <CacheManagementCard />
        </Col>
        <Col xs={24} xl={12}>
          <DefaultTermsCard onDirty={termsDirty} />
        </Col>
      </Row>
    </SettingsLayout>
  );
}
