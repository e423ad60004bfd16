import { codeStepAction, codeStepLoader } from "../.server/code-step.ts";
import { CodeStep } from "../components/code-step.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/code-reset";

// Password reset, step 2: the code sent to the account's address.
export const handle: RouteHandle = {
  title: "auth:reset_title",
  hideNav: true,
  back: "/resetpassword",
  i18n: ["auth"],
};
export const loader = codeStepLoader("reset");
export const action = codeStepAction("reset");

export default function CodeReset({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStep {...loaderData} lastResult={actionData} />;
}
