import { Col, Row } from "antd";
import { CacheManagementCard } from "./CacheManagementCard";
import { DefaultTermsCard } from "./DefaultTermsCard";
import { InsightsPreferenceCard } from "./InsightsPreferenceCard";
import { SettingsLayout } from "./SettingsLayout";

export default function GeneralSettingsPage() {
  return (
    <SettingsLayout section="generalSettings">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <InsightsPreferenceCard />
        </Col>
        <Col xs={24} xl={12}>
          <CacheManagementCard />
        </Col>
        <Col xs={24} xl={12}>
          <DefaultTermsCard />
        </Col>
      </Row>
    </SettingsLayout>
  );
}
