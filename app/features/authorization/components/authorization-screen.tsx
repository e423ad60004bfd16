import { useTranslation } from "../../../components/translation.ts";
import type { AgentActionData, AuthorizationData } from "../types.ts";
import { AgentView } from "./agent-view.tsx";
import { CodeStep } from "./code-step.tsx";
import { SignStep } from "./sign-step.tsx";

/**
 * Becoming an agent: the operator's authorization code, and proof of a wallet address by signing
 * an EIP-4361 message. Without JavaScript: enter both, get the message, sign it in the wallet app,
 * paste the signature. With a browser wallet (EIP-1193), it signs at the press of a button. An
 * agent sees the address bound and the accounts invited.
 */
export function AuthorizationScreen({
  loaderData,
  actionData: data,
}: {
  loaderData: AuthorizationData;
  actionData: AgentActionData | undefined;
}) {
  const { t } = useTranslation("referral");
  const { info, users } = loaderData;
  if (info.is_agent && users) return <AgentView info={info} users={users} />;
  return (
    <div className="pb-4">
      <section className="card mx-4 mt-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <span className="text-muted" aria-hidden="true">
            ○
          </span>
          {t("state_user")}
        </h2>
        <p className="mt-2 text-sm text-muted">{t("agent_intro")}</p>
      </section>
      {data?.step === "sign" ? <SignStep key={data.message} {...data} /> : <CodeStep result={data?.result} />}
    </div>
  );
}
