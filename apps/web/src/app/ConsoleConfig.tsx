import { LoadingOutlined } from "@ant-design/icons";
import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { appTheme } from "./theme";

/**
 * A button's spinner shown as an icon, without Ant Design's width animation: when a request
 * ends quickly that animation can miss its end and leave the hidden spinner in the button for
 * good, named "loading", so that the button reads "loading Test" to a screen reader (and to
 * anything that finds it by name) long after the work is done.
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/** The console's theme and component defaults, around the whole app. */
export function ConsoleConfig({
  dark,
  reduceMotion,
  children,
}: {
  dark: boolean;
  reduceMotion: boolean;
  children: ReactNode;
}) {
  return (
    <ConfigProvider theme={appTheme(dark, reduceMotion)} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}
