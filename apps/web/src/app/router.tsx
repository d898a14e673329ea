import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { accessReviewsRoutes } from "../features/access-reviews/routes";
import { auditsRoutes } from "../features/audits/routes";
import { clientConfigRoutes } from "../features/client-config/routes";
import { componentsRoutes } from "../features/components/routes";
import { connectorsRoutes } from "../features/connectors/routes";
import { homeRoutes } from "../features/home/routes";
import { hostsRoutes } from "../features/hosts/routes";
import { insightsRoutes } from "../features/insights/routes";
import { licencesRoutes } from "../features/licences/routes";
import { podLogsRoutes } from "../features/pod-logs/routes";
import { policiesRoutes } from "../features/policies/routes";
import { secretsRoutes } from "../features/secrets/routes";
import { selfServiceRoutes } from "../features/self-service/routes";
import { settingsRoutes } from "../features/settings/routes";
import { usersRoutes } from "../features/users/routes";
import { LoginCallbackPage, LoginPage } from "./LoginPage";
import type { FeatureRoute } from "./route-types";
import { FullPageSpinner, MenuGuard, PublicOnly, RequireAuth, RootRedirect } from "./shell/guards";

// The shell (menu, header, quick launch) loads after sign-in, so the sign-in screen stays small.
const ShellLayout = lazy(() => import("./shell/Layout").then((m) => ({ default: m.ShellLayout })));

const featureRoutes: FeatureRoute[] = [
  ...homeRoutes,
  ...componentsRoutes,
  ...podLogsRoutes,
  ...hostsRoutes,
  ...connectorsRoutes,
  ...auditsRoutes,
  ...usersRoutes,
  ...policiesRoutes,
  ...accessReviewsRoutes,
  ...insightsRoutes,
  ...clientConfigRoutes,
  ...settingsRoutes,
  ...secretsRoutes,
  ...licencesRoutes,
  ...selfServiceRoutes,
];

function guarded(r: FeatureRoute): RouteObject {
  const Page = r.element;
  return {
    path: r.path,
    element:
      r.menu === null ? (
        <Page />
      ) : (
        <MenuGuard menu={r.menu} requiresComponent={r.requiresComponent}>
          <Page />
        </MenuGuard>
      ),
  };
}

export const routes: RouteObject[] = [
  {
    path: "/login",
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  { path: "/login/callback", element: <LoginCallbackPage /> },
  { path: "/", element: <RootRedirect /> },
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<FullPageSpinner />}>
          <ShellLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: featureRoutes.map(guarded),
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

export const router = createBrowserRouter(routes);
