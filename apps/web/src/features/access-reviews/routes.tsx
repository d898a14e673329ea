import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { reviewPaths } from "./links";

export const accessReviewsRoutes: FeatureRoute[] = [
  {
    path: reviewPaths.whoCanSee,
    menu: "policy-management",
    element: screen(["access-reviews", "policies"], () => import("./WhoCanSeePage")),
  },
  {
    path: reviewPaths.reviews,
    menu: "policy-management",
    element: screen(["access-reviews", "policies"], () => import("./ReviewsPage")),
  },
  {
    path: reviewPaths.review,
    menu: "policy-management",
    element: screen(["access-reviews", "policies"], () => import("./ReviewPage")),
  },
  // A reviewer needs no menu: the server returns only the caller's own items.
  { path: reviewPaths.mine, menu: null, element: screen(["access-reviews"], () => import("./MyReviewsPage")) },
];
