import { Form, Link } from "react-router";
import { useTranslation } from "../../../components/translation.ts";
import type { ScreenPath } from "../../../route-table.ts";
import type { TradeState } from "../state.ts";

/**
 * Under the order form, signed in: the way to move funds to the contract wallet, and, when the
 * customer turned order confirmations off, the button that turns them on again.
 */
export function AccountLine({ state, code, confirm }: { state: TradeState; code: string; confirm: boolean }) {
  const { t } = useTranslation("trade");
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 px-4 text-xs text-muted">
      {state.mode === "contract" && (
        <Link to={"/transfer" satisfies ScreenPath} className="text-accent">
          {t("transfer_funds")}
        </Link>
      )}
      {!confirm && (
        <Form method="post" preventScrollReset className="flex items-center gap-2">
          <input type="hidden" name="intent" value="confirm_on" />
          <input type="hidden" name="mode" value={state.mode} />
          <input type="hidden" name="code" value={code} />
          <span>{t("confirm_off")}</span>
          <button type="submit" className="text-accent underline">
            {t("confirm_turn_on")}
          </button>
        </Form>
      )}
    </div>
  );
}
