import { apiClient } from "../.server/api.ts";
import { relayUpload } from "../.server/uploads.ts";
import type { Route } from "./+types/media";

// An uploaded image (avatar, identity document) for the signed-in user who owns it: fetched from
// the platform with the session's token, never from a public folder.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return relayUpload(params.id ?? "", (id) => apiClient(request, context).raw("/user/upload", { id }));
}
