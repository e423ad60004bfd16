import { startOAuth } from "../.server/oauth.ts";
import type { Route } from "./+types/auth-start";

// GET /auth/google, /auth/apple: a plain link from the login screen starts the sign-in.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return startOAuth(request, context, params.provider);
}
