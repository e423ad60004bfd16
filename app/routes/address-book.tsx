import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { COINS, NETWORKS } from "../../platform/contract/networks.ts";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { GoogleCodeField, Notice, SelectField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { addressBookForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/address-book";

// Add a withdrawal address: the coin (plain links, so the networks follow without script), the
// network, the address (checked per network by the platform), a remark, and the fund password.
export const handle: RouteHandle = {
  title: "security:address_add_title",
  back: "/withdrawaladdress",
  hideNav: true,
  i18n: ["security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("coin")?.toUpperCase() ?? "";
  const coin = COINS.find((c) => c === asked) ?? "USDT";
  const overview = await apiClient(request, context).data("/security/overview");
  return {
    coin,
    coins: COINS,
    networks: [...NETWORKS[coin]] as string[],
    fundSet: overview.fund_password_set,
    googleBound: overview.google_bound,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: addressBookForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const result = await apiClient(request, context).post("/user/withdrawal_addresses/add", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/withdrawaladdress");
}

type Fields = {
  coin: string;
  network: string;
  address: string;
  remark: string;
  payment_password: string;
  google_code: string;
};
const loadValidator = () => import("../forms/security.ts").then((m) => m.validators.addressBook);

export default function AddressBook({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { coin, coins, networks, fundSet, googleBound } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<Fields>({
    lastResult: actionData,
    defaultValue: { coin, network: networks[0] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      {!fundSet && (
        <Notice tone="bad">
          {t("fund_first")}{" "}
          <Link to="/modifyfundingpassword" className="text-accent">
            {t("fund_set_link")}
          </Link>
        </Notice>
      )}
      <p className="mx-4 mt-4 text-sm text-muted" id="coin-label">
        {t("coin")}
      </p>
      <nav className="mt-2 flex flex-wrap gap-2 px-4" aria-labelledby="coin-label">
        {coins.map((c) => (
          <Link
            key={c}
            to={`?coin=${c}`}
            replace
            className={`rounded-full px-3 py-1 text-sm ${c === coin ? "bg-accent text-accent-fg" : "bg-line"}`}
            aria-current={c === coin ? "page" : undefined}
          >
            {c}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} className="px-4" key={coin}>
        <HoneypotInputs />
        <input type="hidden" name="coin" value={coin} />
        <SelectField
          field={fields.network}
          label={t("network")}
          options={networks.map((n) => ({ value: n, label: n }))}
        />
        <Field
          field={fields.address}
          label={t("address")}
          autoComplete="off"
          hint={t("address_hint", { coin })}
        />
        <Field
          field={fields.remark}
          label={t("remark")}
          autoComplete="off"
          placeholder={t("remark_placeholder")}
        />
        <Field
          field={fields.payment_password}
          label={t("fund_password")}
          type="password"
          autoComplete="off"
        />
        <GoogleCodeField field={fields.google_code} bound={googleBound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("address_add")}</Submit>
      </Form>
    </div>
  );
}
