import { redirect } from "react-router";
import { adminApi, adminToken, clearAdminCookie } from "../.server/admin.ts";
import type { Route } from "./+types/admin-logout";

// A POST (a link must not sign an operator out); a GET goes to the console.
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await adminToken(request, context)) await adminApi(request, context).post("/admin/logout");
  return redirect("/admin/login", { headers: { "Set-Cookie": await clearAdminCookie(context) } });
}
