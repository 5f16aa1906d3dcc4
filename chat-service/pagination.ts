import { nowSeconds } from "./lookups";

export type PageRequest = { page: number; perPage: number };

export const offsetOf = ({ page, perPage }: PageRequest) => (page - 1) * perPage;

/**
 * The `meta` of the vendor's lists: page numbers, and a cursor whose `updatedAt` is the newest change
 * among the listed records (the time of the answer when there are none), which clients use to ask
 * for what changed since.
 */
export function listMeta(request: PageRequest, total: number, count: number, updatedAts: number[]) {
  return {
    pagination: {
      total,
      count,
      per_page: request.perPage,
      current_page: request.page,
      total_pages: Math.max(1, Math.ceil(total / request.perPage)),
    },
    cursor: { updatedAt: updatedAts.length > 0 ? Math.max(...updatedAts) : nowSeconds(), affix: "prepend" },
  };
}
