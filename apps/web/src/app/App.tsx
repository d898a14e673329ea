import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp } from "antd";
import { RouterProvider } from "react-router";
import { NOTIFICATION_MAX, NOTIFICATION_TOP } from "@console/contracts/constants";
import { usePrefersReducedMotion } from "./reducedMotion";
import { router } from "./router";
import { ConsoleConfig } from "./ConsoleConfig";
import { useEffect } from "react";
import { keepTabInDialogs } from "../shared/lib/dialogTabLoop";
import { bindNotifications, notifyError } from "./shell/notify";
import { TourProvider } from "./shell/tour";
import { useShell } from "./state";

declare module "@tanstack/react-query" {
  interface Register {
    /** quiet: the caller handles failure itself (no error notification). */
    queryMeta: { quiet?: boolean };
    mutationMeta: { quiet?: boolean };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err, query) => (query.meta?.quiet ? undefined : notifyError(err)) }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => (mutation.meta?.quiet ? undefined : notifyError(err)),
  }),
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 1 && (err as { status?: number }).status === undefined,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/** Hands Ant Design's notification API to code outside React (API errors, toasts). */
function NotificationsBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => bindNotifications(notification), [notification]);
  return null;
}

export function App() {
  const dark = useShell((s) => s.isDarkMode);
  const reduceMotion = usePrefersReducedMotion();
  useEffect(() => keepTabInDialogs(), []);
  return (
    <ConsoleConfig dark={dark} reduceMotion={reduceMotion}>
      {/* Centred: the header's and the pages' own buttons (Upload license, Create …) sit at the right. */}
      <AntApp notification={{ maxCount: NOTIFICATION_MAX, top: NOTIFICATION_TOP, placement: "top" }}>
        <NotificationsBridge />
        <QueryClientProvider client={queryClient}>
          <TourProvider>
            <RouterProvider router={router} />
          </TourProvider>
        </QueryClientProvider>
      </AntApp>
    </ConsoleConfig>
  );
}
