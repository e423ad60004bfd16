import type { RouterContextProvider } from "react-router";
import { POST_TYPES, type PostListItem, SLIDE_TYPES, type Slide } from "../../platform/contract/posts.ts";
import { apiClient } from "./api.ts";

/** `?page=` of a list screen: a whole number from 1 (anything else reads as 1). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * What the home page shows besides the markets: the banners and the latest notices. The home page
 * must never fail because of them: a refusal means none are shown.
 */
export async function homeContent(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ slides: Slide[]; notices: PostListItem[] }> {
  const api = apiClient(request, context);
  const [slides, notices] = await Promise.all([
    api.get("/slides/show", { type: SLIDE_TYPES.homeBanner }),
    api.get("/posts/posts_list", { type: POST_TYPES.notice, limit: 5 }),
  ]);
  return {
    slides: slides.status_code === 200 ? slides.data : [],
    notices: notices.status_code === 200 ? notices.data.items : [],
  };
}
