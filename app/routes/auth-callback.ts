import { finishOAuth } from "../.server/oauth.ts";
import type { Route } from "./+types/auth-callback";

// Where Google (GET) and Apple (a cross-site POST, response_mode=form_post) send the browser back.
// The CSRF origin check skips exactly these paths; the state cookie stands in for it (guards.ts).
// This must stay a resource route (no component): React Router itself refuses a post from another
// origin to a page route with a 400, before any middleware runs.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return finishOAuth(request, context, params.provider, new URL(request.url).searchParams);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const answer = new URLSearchParams();
  for (const [key, value] of await request.formData()) {
    if (typeof value === "string") answer.append(key, value);
  }
  return finishOAuth(request, context, params.provider, answer);
}
