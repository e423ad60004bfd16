import { exchangeAction, loadExchange } from "../.server/exchange.ts";
import { ExchangeScreen } from "../components/exchange.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/bossex";

// The "Boss Exchange" block desk: large conversions (10,000 USDT's worth or more) at a lower fee
// and a longer-lived quote, through the same screen as the standard desk (/exchange).
export const handle: RouteHandle = {
  title: "wallet:bossex_title",
  back: "/exchange",
  hideNav: true,
  i18n: ["wallet"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => loadExchange(request, context, "boss");

export const action = ({ request, context }: Route.ActionArgs) => exchangeAction(request, context, "boss");

export default function Bossex({ loaderData, actionData }: Route.ComponentProps) {
  return <ExchangeScreen data={loaderData} actionData={actionData} />;
}
