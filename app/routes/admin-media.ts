import { adminApi } from "../.server/admin.ts";
import { relayUpload } from "../.server/uploads.ts";
import type { Route } from "./+types/admin-media";

// An identity document's image for a signed-in operator: fetched from the platform's admin-only
// route with the console's token (a customer's session gets the console's sign-in, not the file).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return relayUpload(params.id ?? "", (id) => adminApi(request, context).raw("/admin/kyc/document", { id }));
}
