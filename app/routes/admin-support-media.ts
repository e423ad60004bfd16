import { adminApi } from "../.server/admin.ts";
import { relayUpload } from "../.server/uploads.ts";
import type { Route } from "./+types/admin-support-media";

// A support chat's image for the operator who has that chat: fetched from the platform's
// admin-only route with the console's token (anyone else, other operators too, gets a 404).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return relayUpload(params.id ?? "", (id) =>
    adminApi(request, context).raw("/admin/support/attachment", { id }),
  );
}
