import type { RouterContextProvider } from "react-router";
import { apiClient } from "../../../.server/api.ts";
import { pageParam } from "../../../.server/content.ts";
import type { AuthorizationData } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

/** The customer's agent state; an agent also sees the accounts invited, a page at a time. */
export async function authorizationLoader(request: Request, context: Context): Promise<AuthorizationData> {
  const api = apiClient(request, context);
  const info = await api.data("/agent/info");
  const users = info.is_agent
    ? await api.data("/agent/users", { page: pageParam(new URL(request.url)), limit: 20 })
    : null;
  return { info, users };
}
