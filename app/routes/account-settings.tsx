import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useRouteLoaderData } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { readUploadForm, tooLargeReply } from "../.server/uploads.ts";
import { currentUser } from "../.server/user.ts";
import { mediaUrl } from "../avatar.ts";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { ImageField } from "../components/security.tsx";
import { DisplaySettings } from "../components/settings-forms.tsx";
import { useTranslation } from "../components/translation.ts";
import { avatarForm } from "../forms/kyc.ts";
import { nicknameForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { RootData } from "../root.tsx";
import type { Route } from "./+types/account-settings";

// Account settings: the nickname, the avatar (an image of at most 2 MB, private to its owner),
// and the display switches (lite mode, theme, up/down colours, time zone).
export const handle: RouteHandle = {
  title: "security:settings_title",
  back: "/center",
  hideNav: true,
  i18n: ["security", "kyc"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(request, context);
  return { name: user.name, account: user.account, avatar: mediaUrl(user.avatar) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = apiClient(request, context);
  if (new URL(request.url).searchParams.get("form") === "avatar") {
    const formData = await readUploadForm(request, context);
    if (!formData)
      return tooLargeReply(parseWithZod(new FormData(), { schema: avatarForm }), (avatar) => ({ avatar }));
    const submission = parseWithZod(formData, { schema: avatarForm });
    if (submission.status !== "success") return { avatar: submission.reply() };
    const upload = new FormData();
    upload.append("avatar", submission.value.avatar);
    const result = await api.post("/user/avatar", upload);
    if (result.status_code !== 200) return { avatar: replyWithEnvelope(submission, result) };
    flashToast(context, { kind: "success", message: result.message });
    return redirect("/accountsettings");
  }
  const submission = parseWithZod(await request.formData(), { schema: nicknameForm });
  if (submission.status !== "success") return { name: submission.reply() };
  const result = await api.post("/user/profile", submission.value);
  if (result.status_code !== 200) return { name: replyWithEnvelope(submission, result) };
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/accountsettings");
}

const loadNickname = () => import("../forms/security.ts").then((m) => m.validators.nickname);
const loadAvatar = () => import("../forms/kyc.ts").then((m) => m.validators.avatar);

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const root = useRouteLoaderData<RootData>("root");
  const { name, account, avatar } = loaderData;
  const validateName = useLazyValidator(loadNickname);
  const validateAvatar = useLazyValidator(loadAvatar);
  const [nameForm, nameFields] = useForm<{ name: string }>({
    id: "nickname",
    lastResult: actionData && "name" in actionData ? actionData.name : undefined,
    defaultValue: { name },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateName,
  });
  const [avatarFormMeta, avatarFields] = useForm<{ avatar: File }>({
    id: "avatar",
    lastResult: actionData && "avatar" in actionData ? actionData.avatar : undefined,
    shouldValidate: "onSubmit",
    onValidate: validateAvatar,
  });
  return (
    <div>
      <section className="card mx-4 mt-4">
        <div className="flex items-center gap-3">
          {avatar ? (
            <img
              src={avatar}
              alt={t("avatar")}
              width={56}
              height={56}
              className="h-14 w-14 rounded-full object-cover"
            />
          ) : (
            <div
              className="flex h-14 w-14 items-center justify-center rounded-full bg-line text-xl font-bold"
              aria-hidden="true"
            >
              {(name || account).slice(0, 1).toUpperCase()}
            </div>
          )}
          <p className="min-w-0 truncate font-semibold">{name || account}</p>
        </div>
        <Form
          method="post"
          action="?form=avatar"
          encType="multipart/form-data"
          {...getFormProps(avatarFormMeta)}
        >
          <HoneypotInputs />
          <ImageField field={avatarFields.avatar} label={t("avatar_pick")} />
          <ErrorList id={avatarFormMeta.errorId} errors={avatarFormMeta.errors} />
          <Submit>{t("avatar_upload")}</Submit>
        </Form>
      </section>
      <section className="card mx-4 mt-4">
        <Form method="post" {...getFormProps(nameForm)}>
          <HoneypotInputs />
          <Field
            field={nameFields.name}
            label={t("nickname")}
            autoComplete="nickname"
            hint={t("nickname_hint")}
          />
          <ErrorList id={nameForm.errorId} errors={nameForm.errors} />
          <Submit>{t("save")}</Submit>
        </Form>
      </section>
      {root && (
        <DisplaySettings
          lite={root.lite}
          theme={root.theme}
          updown={root.updown}
          timeZone={root.timeZone}
          chosenZone={root.chosenZone}
          returnTo="/accountsettings"
        />
      )}
    </div>
  );
}
