import { authorizationAction } from "../features/authorization/.server/action.ts";
import { authorizationLoader } from "../features/authorization/.server/loader.ts";
import { AuthorizationScreen } from "../features/authorization/components/authorization-screen.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/authorization";

// /authorization: becoming an agent (an operator's code and a signed wallet address), or the
// agent's invited accounts. The screen lives in app/features/authorization/: its server half in
// .server/ (loader, action), its forms, its components.

export const handle: RouteHandle = {
  title: "common:titles.authorization",
  back: "/center",
  i18n: ["referral"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => authorizationLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => authorizationAction(request, context);

export default function Authorization({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthorizationScreen loaderData={loaderData} actionData={actionData} />;
}
