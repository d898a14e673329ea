import { theme } from "antd";

/**
 * The header illustration of a tool: a stack of result rows streaming out of a query window,
 * drawn in the current theme's colours so the light and dark art each fit their background.
 */
export function ToolArt(props: { dark: boolean; accent: string }) {
  const { token } = theme.useToken();
  const panel = props.dark ? "#1f2633" : "#f3f6fb";
  const line = props.dark ? "#3a4560" : "#d5deeb";
  return (
    <svg width="168" height="84" viewBox="0 0 168 84" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="98" height="70" rx="8" fill={panel} stroke={line} />
      <circle cx="12" cy="12" r="3" fill={props.accent} />
      <circle cx="22" cy="12" r="3" fill={line} />
      <circle cx="32" cy="12" r="3" fill={line} />
      <rect x="12" y="26" width="56" height="6" rx="3" fill={props.accent} opacity="0.85" />
      <rect x="12" y="38" width="74" height="6" rx="3" fill={line} />
      <rect x="12" y="50" width="42" height="6" rx="3" fill={line} />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${112 + i * 6} ${14 + i * 20})`}>
          <rect width="44" height="14" rx="4" fill={i === 0 ? props.accent : panel} stroke={line} />
          <rect x="6" y="5" width={18 - i * 4} height="4" rx="2" fill={i === 0 ? token.colorBgContainer : line} />
        </g>
      ))}
      <path d="M100 36 H110" stroke={props.accent} strokeWidth="2" strokeDasharray="3 3" />
    </svg>
  );
}
