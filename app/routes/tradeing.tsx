import { tradeAction } from "../features/trade/.server/action.ts";
import { tradeLoader } from "../features/trade/.server/loader.ts";
import { TradeScreen } from "../features/trade/components/trade-screen.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/tradeing";

// /tradeing: spot, contracts and timed contracts. The screen lives in app/features/trade/: its
// server half in .server/ (loader, action, the timed screen's), its forms, its components.

export const handle: RouteHandle = { title: "trade:title", back: false, i18n: ["trade", "market", "timed"] };

export const loader = ({ request, context }: Route.LoaderArgs) => tradeLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => tradeAction(request, context);

export default function Tradeing({ loaderData, actionData }: Route.ComponentProps) {
  return <TradeScreen loaderData={loaderData} actionData={actionData} />;
}
