import { securityAction } from "../features/security/.server/action.ts";
import { securityLoader } from "../features/security/.server/loader.ts";
import { SecurityScreen } from "../features/security/components/security-screen.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/security";

// /security: the security centre, and its forms to bind an e-mail, a phone or an anti-phishing
// code. The screen lives in app/features/security/: its server half in .server/ (loader, action),
// its forms, its components.

export const handle: RouteHandle = {
  title: "account:security_title",
  back: "/center",
  i18n: ["account", "security", "auth"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => securityLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => securityAction(request, context);

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityScreen loaderData={loaderData} actionData={actionData} />;
}
