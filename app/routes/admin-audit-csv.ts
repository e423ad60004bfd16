import { adminApi } from "../.server/admin.ts";
import type { Route } from "./+types/admin-audit-csv";

// The audit log as a CSV download, with the page's filters, for a signed-in operator.
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const response = await adminApi(request, context).raw("/admin/audit.csv", query);
  if (!response.ok) return new Response(await response.text(), { status: response.status });
  const headers = new Headers();
  for (const name of ["content-type", "content-disposition", "cache-control"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
