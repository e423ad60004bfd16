import type { RouterContextProvider } from "react-router";
import type { User } from "../../platform/contract/identity.ts";
import { apiClient } from "./api.ts";

/** The signed-in user (screens behind the guard only: the session is known to exist). */
export async function currentUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const { user } = await apiClient(request, context).data("/user/info");
  return user;
}
