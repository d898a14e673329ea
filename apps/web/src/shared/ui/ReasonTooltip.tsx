import { Tooltip } from "antd";
import { cloneElement, type CSSProperties, type ReactElement, type ReactNode } from "react";

/**
 * A tooltip that also shows over a disabled control, to say why it is disabled: a disabled
 * button takes no pointer events in some browsers, so a wrapper catches the hover instead.
 */
export function ReasonTooltip(props: {
  title: ReactNode;
  disabled: boolean;
  children: ReactElement<{ style?: CSSProperties }>;
}) {
  const { title, disabled, children } = props;
  if (!disabled) return <Tooltip title={title}>{children}</Tooltip>;
  return (
    <Tooltip title={title}>
      <span style={{ display: "inline-flex", cursor: "not-allowed" }}>
        {cloneElement(children, { style: { ...children.props.style, pointerEvents: "none" } })}
      </span>
    </Tooltip>
  );
}
