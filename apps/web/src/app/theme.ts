import { theme, type MappingAlgorithm, type ThemeConfig } from "antd";

/**
 * The console's themes, chosen for WCAG 2.1 AA (docs/accessibility.md): every text and every
 * meaningful icon reaches 4.5:1 against what it is drawn on. Ant Design's own colours fall short
 * (grey #8c8c8c, green #52c41a, blue #1677ff on white; blue #1668dc on #141414), so a last
 * algorithm step replaces the colours used for text after the light or dark algorithm has run;
 * backgrounds, borders and fills stay as Ant Design derives them.
 */

/** Colours used as text, after the light algorithm (contrast on white and on the pale fills). */
const LIGHT = {
  colorPrimary: "#0958d9", // 6.2:1 on white; white on it 6.2:1 (primary buttons)
  colorPrimaryText: "#0958d9",
  colorPrimaryHover: "#003eb3", // a hovered default button writes in it: 9.8:1
  colorPrimaryTextHover: "#003eb3",
  colorLink: "#0958d9",
  colorLinkHover: "#003eb3",
  colorInfo: "#0958d9",
  colorInfoText: "#0958d9",
  colorSuccess: "#237804", // 5.6:1 on white, 5.4:1 on its pale fill
  colorSuccessText: "#237804",
  colorWarning: "#ad4e00", // 5.9:1 on white
  colorWarningText: "#ad4e00",
  colorError: "#cf1322", // 5.6:1 on white; white on it 5.6:1 (danger buttons)
  colorErrorHover: "#a8071a", // a hovered danger button: white on it, or it on white, 7.8:1
  colorErrorActive: "#820014",
  colorErrorText: "#cf1322",
  colorTextSecondary: "rgba(0, 0, 0, 0.65)", // #595959, 7:1
  colorTextTertiary: "rgba(0, 0, 0, 0.62)", // descriptions, icons: #616161, 6.2:1 on white, 5.7:1 on #f5f5f5
  green7: "#237804",
  cyan7: "#006d75",
  orange7: "#ad4e00",
  gold7: "#874d00",
  volcano7: "#ad2102",
};

/** Colours used as text, after the dark algorithm (contrast on #141414, #000 and the dark fills). */
const DARK = {
  colorPrimaryText: "#69b1ff", // 8.2:1 on #141414, 5.7:1 on the selected-item fill
  colorPrimaryTextHover: "#91caff",
  colorLink: "#69b1ff",
  colorLinkHover: "#91caff",
  colorInfo: "#69b1ff", // "processing" tags: 6.5:1 on their fill
  colorInfoText: "#69b1ff",
  colorError: "#ff7875", // 7.2:1 on #141414; a filled danger button writes dark on it (below)
  colorErrorHover: "#e86e6b", // dark text on it 6.1:1, it on #141414 6:1
  colorErrorActive: "#ffa39e", // pressed: dark text on it 9.8:1, it on #141414 9.6:1
  colorErrorText: "#ff7875",
  colorTextSecondary: "rgba(255, 255, 255, 0.7)",
  colorTextTertiary: "rgba(255, 255, 255, 0.62)", // descriptions, icons
  purple7: "#b37feb", // the sandbox tag: 6.2:1 on its fill
  blue7: "#69b1ff",
  geekblue7: "#85a5ff",
};

/** A hovered primary button's fill in the dark theme, and what a hovered default button writes in. */
const DARK_PRIMARY_FILL_HOVER = "#2272e0";
const DARK_PRIMARY_TEXT_HOVER = "#3c89e8";

const accessibleText =
  (dark: boolean): MappingAlgorithm =>
  (_seed, map) =>
    ({ ...map!, ...(dark ? DARK : LIGHT) }) as ReturnType<MappingAlgorithm>;

/** Where a component draws its text in the primary colour rather than in colorPrimaryText. */
const primaryAsText = (color: string) => ({
  Menu: { itemSelectedColor: color, subMenuItemSelectedColor: color },
  Tabs: { itemSelectedColor: color, itemActiveColor: color, itemHoverColor: color, inkBarColor: color },
  Anchor: { colorPrimary: color },
  // A menu's selected item (the page-size menu of the home tables).
  Dropdown: { colorPrimary: color },
});

/**
 * An empty table's or two-list dialog's "No data" is read, not a disabled control: description
 * colour, not the disabled one.
 */
const emptyTable = (dark: boolean) => ({
  Table: { colorTextDisabled: dark ? DARK.colorTextTertiary : LIGHT.colorTextTertiary },
  Transfer: { colorTextDisabled: dark ? DARK.colorTextTertiary : LIGHT.colorTextTertiary },
});

/** The theme; with `reduceMotion` (the system asks for less motion) nothing zooms, slides or fades. */
export function appTheme(dark: boolean, reduceMotion = false): ThemeConfig {
  const components: ThemeConfig["components"] = {
    ...primaryAsText(dark ? DARK.colorPrimaryText : LIGHT.colorPrimaryText),
    ...emptyTable(dark),
  };
  if (dark) {
    components.Button = {
      dangerColor: "rgba(0, 0, 0, 0.88)", // 8:1 on the light red
      // A hovered primary button writes white on its fill: Ant Design's #3c89e8 gives 3.5:1,
      // #2272e0 4.6:1. Only here: elsewhere the hover colour is drawn as text on #141414,
      // as a hovered default button's text and border still are (#3c89e8, 5.2:1).
      colorPrimaryHover: DARK_PRIMARY_FILL_HOVER,
      defaultHoverColor: DARK_PRIMARY_TEXT_HOVER,
      defaultHoverBorderColor: DARK_PRIMARY_TEXT_HOVER,
    };
    // The side bar, its collapse trigger and its menu on one background (#141414, the menu's),
    // not the dark sider's navy below a grey menu.
    components.Layout = { siderBg: "#141414", triggerBg: "#141414", triggerColor: "rgba(255, 255, 255, 0.85)" };
  }
  // An unchecked switch writes white on its grey track: #666 gives 5.7:1.
  else components.Switch = { colorTextQuaternary: "rgba(0, 0, 0, 0.6)", colorTextTertiary: "rgba(0, 0, 0, 0.7)" };
  return {
    algorithm: [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, accessibleText(dark)],
    // Placeholders are read to know what to type (disabled text keeps its fainter colour).
    token: { colorTextPlaceholder: dark ? "rgba(255, 255, 255, 0.55)" : "rgba(0, 0, 0, 0.6)", motion: !reduceMotion },
    components,
  };
}
