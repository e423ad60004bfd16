// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";

/** `?page=&limit=` on list calls: page from 1, at most 50 a page (20 unless asked). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * `?page=&limit=` on the lists that answer `has_more` instead of a total (orders, wallet records,
 * participations, timed bets and rounds): page from 1, at most 100 a page (20 unless asked).
 */
export const morePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A page of a list: its items, the total across all pages, and where this page is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: "Items across all pages" }),
    page: z.number().int(),
    limit: z.number().int(),
    last_page: z.number().int().meta({ description: "The last page number (1 when empty)" }),
  });

export type Page<T> = { items: T[]; total: number; page: number; limit: number; last_page: number };

export const offsetOf = (q: PageQuery) => ({ offset: (q.page - 1) * q.limit, limit: q.limit });

export function pageResult<T>(q: PageQuery, items: T[], total: number): Page<T> {
  return { items, total, page: q.page, limit: q.limit, last_page: Math.max(1, Math.ceil(total / q.limit)) };
}
