import { exchangeAction, loadExchange } from "../.server/exchange.ts";
import { ExchangeScreen } from "../components/exchange.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/exchange";

// The standard conversion desk; large amounts have the block desk (/bossex), the same screen.
export const handle: RouteHandle = {
  title: "wallet:exchange_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => loadExchange(request, context, "standard");

export const action = ({ request, context }: Route.ActionArgs) =>
  exchangeAction(request, context, "standard");

export default function Exchange({ loaderData, actionData }: Route.ComponentProps) {
  return <ExchangeScreen data={loaderData} actionData={actionData} />;
}
