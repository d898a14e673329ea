import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { accessReviewRoutes, DecisionInput, ReviewInput, whoCanSeeRoutes } from "@console/contracts";
import { ACCESS_REVIEWS_PATH, WHO_CAN_SEE_CSV_PATH, WHO_CAN_SEE_PATH } from "@console/contracts/constants";
import { call, request } from "../../shared/lib/api";
import { saveFile } from "../../shared/lib/download";
import type { WhoCanSeeTarget } from "./links";

/** Under the policies' key, so that a Sync or a policy change refreshes them too. */
export const reviewKeys = {
  whoCanSee: (q: WhoCanSeeTarget | null) => ["policies", "who-can-see", q] as const,
  reviews: ["policies", "access-reviews"] as const,
  review: (id: number) => ["policies", "access-reviews", id] as const,
  items: (id: number, q: object) => ["policies", "access-reviews", id, "items", q] as const,
  mine: (q: object) => ["policies", "access-reviews", "mine", q] as const,
  mineCount: ["policies", "access-reviews", "mine", "count"] as const,
};

const queryOf = (q: WhoCanSeeTarget) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === "string" && v !== "")) as {
    catalog: string;
    schema?: string;
    table?: string;
    column?: string;
  };

export const useWhoCanSee = (q: WhoCanSeeTarget | null) =>
  useQuery({
    queryKey: reviewKeys.whoCanSee(q),
    queryFn: ({ signal }) =>
      call<typeof whoCanSeeRoutes.whoCanSee>("GET", WHO_CAN_SEE_PATH, { query: queryOf(q!) }, signal),
    enabled: q !== null,
    meta: { quiet: true },
  });

export async function downloadWhoCanSee(q: WhoCanSeeTarget): Promise<void> {
  const text = await request<string>("GET", `${WHO_CAN_SEE_CSV_PATH}?${new URLSearchParams(queryOf(q))}`);
  saveFile(`who-can-see-${Object.values(queryOf(q)).join(".")}.csv`, text, "text/csv");
}

export async function downloadReport(id: number): Promise<void> {
  saveFile(
    `access-review-${id}.csv`,
    await request<string>("GET", `${ACCESS_REVIEWS_PATH}/${id}/report.csv`),
    "text/csv",
  );
}

export const useReviews = () =>
  useQuery({
    queryKey: reviewKeys.reviews,
    queryFn: ({ signal }) => call<typeof accessReviewRoutes.list>("GET", ACCESS_REVIEWS_PATH, {}, signal),
  });

export const useReview = (id: number) =>
  useQuery({
    queryKey: reviewKeys.review(id),
    queryFn: ({ signal }) =>
      call<typeof accessReviewRoutes.get>("GET", `${ACCESS_REVIEWS_PATH}/:id`, { params: { id } }, signal),
  });

export const useReviewItems = (id: number, query: { offset: number; limit: number }) =>
  useQuery({
    queryKey: reviewKeys.items(id, query),
    queryFn: ({ signal }) =>
      call<typeof accessReviewRoutes.items>(
        "GET",
        `${ACCESS_REVIEWS_PATH}/:id/items`,
        { params: { id }, query },
        signal,
      ),
  });

export const useMyItems = (query: { decision?: "open"; offset: number; limit: number }) =>
  useQuery({
    queryKey: reviewKeys.mine(query),
    queryFn: ({ signal }) =>
      call<typeof accessReviewRoutes.mine>("GET", `${ACCESS_REVIEWS_PATH}/mine/items`, { query }, signal),
  });

/** The open items a reviewer sees counted in the user menu; checked every minute. */
export const useMyReviewCount = () =>
  useQuery({
    queryKey: reviewKeys.mineCount,
    queryFn: ({ signal }) =>
      call<typeof accessReviewRoutes.mineCount>("GET", `${ACCESS_REVIEWS_PATH}/mine/count`, {}, signal),
    refetchInterval: 60_000,
    meta: { quiet: true },
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["policies"] });
}

export function useStartReview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReviewInput) => call<typeof accessReviewRoutes.start>("POST", ACCESS_REVIEWS_PATH, { body }),
    meta: { quiet: true },
    onSuccess: refresh,
  });
}

export function useCloseReview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      call<typeof accessReviewRoutes.close>("POST", `${ACCESS_REVIEWS_PATH}/:id/close`, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { itemId: number; body: DecisionInput }) =>
      call<typeof accessReviewRoutes.decide>("PUT", `${ACCESS_REVIEWS_PATH}/items/:itemId/decision`, {
        params: { itemId: v.itemId },
        body: v.body,
      }),
    onSuccess: refresh,
  });
}
