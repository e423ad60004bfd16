import { type RouterContextProvider, redirect } from "react-router";
import type { Faucet } from "../../platform/contract/wallet.ts";
import { type ApiClient, apiClient } from "./api.ts";
import { safeRedirect } from "./redirects.ts";
import { flashToast } from "./session.ts";

/** The demo faucet's state for a screen that offers it; null where the server runs none. */
export async function loadFaucet(api: ApiClient): Promise<Faucet | null> {
  const result = await api.get("/wallet/faucet");
  return result.status_code === 200 && result.data.enabled ? result.data : null;
}

/** The faucet form's post (intent=faucet): claim, then back to the screen it came from. */
export async function claimFromForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<Response> {
  const result = await apiClient(request, context).post("/wallet/faucet");
  flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
  return redirect(safeRedirect(form.get("back"), "/asset"));
}
