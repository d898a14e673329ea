import { PermissionsTable } from "./PermissionsTable";
import { SettingsLayout } from "./SettingsLayout";

/** Settings > Component permissions: who sees each component (components screen, quick launch). */
export default function ComponentPermissionsPage() {
  return (
    <SettingsLayout section="component">
      <PermissionsTable kind="component" />
    </SettingsLayout>
  );
}
