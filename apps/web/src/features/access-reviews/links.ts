import { buildPath } from "@console/contracts/constants";

/** The reverse view's and access reviews' paths, written once; routes.tsx and every link use them. */
export const reviewPaths = {
  whoCanSee: "/policy-management/who-can-see",
  reviews: "/policy-management/access-reviews",
  review: "/policy-management/access-reviews/:id",
  mine: "/my-reviews",
} as const;

export interface WhoCanSeeTarget {
  catalog: string;
  schema?: string | null;
  table?: string | null;
  column?: string | null;
}

/** The search box's text for a target: catalog[.schema[.table[.column]]]. */
export const targetText = (q: WhoCanSeeTarget) => [q.catalog, q.schema, q.table, q.column].filter(Boolean).join(".");

/** A target from the search box's text; null when it names no catalog. */
export function parseTarget(text: string): WhoCanSeeTarget | null {
  const [catalog, schema, table, column] = text
    .trim()
    .split(".")
    .map((s) => s.trim());
  if (!catalog) return null;
  return { catalog, schema: schema || null, table: table || null, column: column || null };
}

export const toWhoCanSee = (q?: WhoCanSeeTarget) => {
  if (!q) return reviewPaths.whoCanSee;
  const s = new URLSearchParams(
    Object.entries(q).filter(([, v]) => typeof v === "string" && v !== "") as Array<[string, string]>,
  ).toString();
  return `${reviewPaths.whoCanSee}?${s}`;
};
export const toReviews = () => reviewPaths.reviews;
export const toReviewDetail = (id: number) => buildPath(reviewPaths.review, { id: String(id) });
export const toMyReviews = () => reviewPaths.mine;
