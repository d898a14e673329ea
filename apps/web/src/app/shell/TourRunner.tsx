import { Tour, type TourStepProps } from "antd";

/** The guided tour itself, loaded when a tour starts. */
export default function TourRunner(props: { steps: TourStepProps[]; onClose: () => void }) {
  return <Tour open steps={props.steps} onClose={props.onClose} />;
}
