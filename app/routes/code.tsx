import { codeStepAction, codeStepLoader } from "../.server/code-step.ts";
import { CodeStep } from "../components/code-step.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/code";

// Registration, step 2: the code sent to the new address.
export const handle: RouteHandle = {
  title: "auth:register_title",
  hideNav: true,
  back: "/resgister",
  i18n: ["auth"],
};
export const loader = codeStepLoader("register");
export const action = codeStepAction("register");

export default function Code({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStep {...loaderData} lastResult={actionData} />;
}
