import { useParams } from "react-router";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function HostPage() {
  const { id = "" } = useParams();
  return <ScreenPlaceholder crumbs={[{ label: id }]} title={id} />;
}
