import { Tooltip } from "antd";
import { Fragment } from "react";

/**
 * A table, schema or user name that may be long: it takes the room there is, wraps onto a second
 * line where it must (names break at dots and underscores), is cut only after that, and shows in
 * full on hover or focus.
 */
export function NameText(props: { name: string; fontSize?: number }) {
  return (
    <Tooltip title={props.name}>
      <span
        tabIndex={0}
        data-name={props.name}
        style={{
          display: "-webkit-box",
          WebkitLineClamp: 2,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          // Mid-word only when a part is wider than the line: the breaks offered below come first.
          overflowWrap: "break-word",
          minWidth: 0,
          fontSize: props.fontSize,
          lineHeight: 1.35,
        }}
      >
        {props.name.split(/(?<=[._])/).map((part, i) => (
          <Fragment key={i}>
            {i > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </span>
    </Tooltip>
  );
}
