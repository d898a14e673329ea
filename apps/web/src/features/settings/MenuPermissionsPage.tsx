import { PermissionsTable } from "./PermissionsTable";
import { SettingsLayout } from "./SettingsLayout";

/** Settings > Menu permissions: who may open each menu. */
export default function MenuPermissionsPage() {
  return (
    <SettingsLayout section="menu">
      <PermissionsTable kind="menu" />
    </SettingsLayout>
  );
}
