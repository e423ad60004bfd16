import { withdrawAction } from "../features/withdraw/.server/action.ts";
import { withdrawLoader } from "../features/withdraw/.server/loader.ts";
import { WithdrawScreen } from "../features/withdraw/components/withdraw-screen.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/withdraw";

// /withdraw: crypto or fiat, once the preconditions are met. The screen lives in
// app/features/withdraw/: its server half in .server/ (loader, action), its forms, its components.

export const handle: RouteHandle = {
  title: "wallet:withdraw_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => withdrawLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => withdrawAction(request, context);

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  return <WithdrawScreen loaderData={loaderData} actionData={actionData} />;
}
