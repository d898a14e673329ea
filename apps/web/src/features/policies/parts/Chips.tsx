import { Flex, Tag } from "antd";
import { ALL } from "@console/contracts/constants";
import { PLACEHOLDER } from "../../../shared/lib/format";

const MAX_CHIPS = 10;

/** Values as tags, the first ten of them; "all" shown as `allLabel`. */
export function Chips(props: { values: string[]; allLabel: string }) {
  if (props.values.length === 0) return <>{PLACEHOLDER}</>;
  const shown = props.values.slice(0, MAX_CHIPS);
  return (
    <Flex wrap gap={4}>
      {shown.map((v) => (
        <Tag key={v}>{v === ALL ? props.allLabel : v}</Tag>
      ))}
      {props.values.length > MAX_CHIPS ? <Tag>+{props.values.length - MAX_CHIPS}</Tag> : null}
    </Flex>
  );
}
