import { apiClient } from "../.server/api.ts";
import type { Route } from "./+types/reserves-proof";

/** The signed-in customer's proof as a file, for scripts/verify-reserves.ts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const envelope = await apiClient(request, context).get("/reserves/proof");
  return new Response(JSON.stringify(envelope.data ?? envelope, null, 2), {
    status: envelope.status_code === 200 ? 200 : envelope.status_code,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" },
  });
}
