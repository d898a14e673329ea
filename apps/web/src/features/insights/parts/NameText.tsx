import { Tooltip } from "antd";

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
          overflowWrap: "anywhere",
          minWidth: 0,
          fontSize: props.fontSize,
          lineHeight: 1.35,
        }}
      >
        {props.name}
      </span>
    </Tooltip>
  );
}
