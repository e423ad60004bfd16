import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { SupportChatView, SupportMessage } from "../../platform/contract/support.ts";
import { SUPPORT_MESSAGE_MAX } from "../../platform/contract/support-rules.ts";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getToken } from "../.server/session.ts";
import { readUploadForm, tooLargeReply } from "../.server/uploads.ts";
import { Time } from "../components/dates.tsx";
import { ErrorList, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { Icon, type IconName } from "../components/icon.tsx";
import { ImageField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { useAccountRefresh } from "../features/trade/components/live.ts";
import { supportForm } from "../forms/support.ts";
import type { RouteHandle } from "../handle.ts";
import { useRootData, useSite } from "../hooks.ts";
import type { Route } from "./+types/customer-service";

export const handle: RouteHandle = { title: "common:titles.customer_service", i18n: ["content", "kyc"] };

/**
 * Customer service: a signed-in customer's chat with the operators (history, an image, unread
 * replies marked read on sight), live over the private socket while the page runs and a plain
 * form and reload without JavaScript; and, for everyone, the site's offline contacts (e-mail,
 * phone) kept as the fallback. A visitor is asked to log in to chat.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!getToken(context)) return { signedIn: false as const, view: null };
  const api = apiClient(request, context);
  const asked = new URL(request.url).searchParams.get("chat") ?? "";
  const view = await api.data("/support/chat", {
    id: /^\d{1,10}$/.test(asked) ? asked : undefined,
  });
  // Seen now: the operators' replies in this chat count as read.
  if (view.chat && view.chat.unread > 0) {
    const read = await api.post("/support/read", { id: view.chat.id });
    if (read.status_code === 200) {
      view.unread = read.data.unread;
      view.chats = view.chats.map((c) => (c.id === view.chat?.id ? { ...c, unread: 0 } : c));
      view.chat = { ...view.chat, unread: 0 };
    }
  }
  return { signedIn: true as const, view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readUploadForm(request, context);
  if (!form) return tooLargeReply(parseWithZod(new FormData(), { schema: supportForm }));
  const submission = parseWithZod(form, { schema: supportForm });
  if (submission.status !== "success") return submission.reply();
  const upload = new FormData();
  upload.append("body", submission.value.body);
  if (submission.value.chat_id) upload.append("chat_id", String(submission.value.chat_id));
  if (submission.value.image) upload.append("image", submission.value.image);
  const result = await apiClient(request, context).post("/support/send", upload);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  // The message shows in the chat: no toast. Back to the conversation it went to.
  return redirect(`/customerservice?chat=${result.data.chat_id}`);
}

const loadValidator = () => import("../forms/support.ts").then((m) => m.validators.send);

export default function CustomerService({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const root = useRootData();
  // Live: a reply, a close or a message from another tab reloads this screen's data.
  const data = useAccountRefresh(loaderData.signedIn && !root?.lite, loaderData);
  const site = useSite();
  return (
    <div>
      {data.signedIn ? (
        <Chat view={data.view} lastResult={actionData} />
      ) : (
        <section className="card mx-4 mt-4" aria-labelledby="chat-title">
          <h2 id="chat-title" className="font-semibold">
            {t("chat.title")}
          </h2>
          <p className="mt-1 text-muted">{t("chat.login_prompt")}</p>
          <Link to="/login?redirectTo=%2Fcustomerservice" className="btn btn-primary mt-3 w-full">
            {t("chat.login")}
          </Link>
        </section>
      )}
      <p className="px-4 pt-6 pb-2 text-muted">{t("service.intro", { site: site.sitename })}</p>
      <h2 className="px-4 pb-2 text-sm font-semibold">{t("chat.offline_title")}</h2>
      <Contacts />
      <p className="px-4 py-4 text-xs text-muted">{t("service.hours")}</p>
    </div>
  );
}

type Fields = { chat_id: string; body: string; image: File };

function Chat({ view, lastResult }: { view: SupportChatView; lastResult: unknown }) {
  const { t } = useTranslation("content");
  const validate = useLazyValidator(loadValidator);
  const chat = view.chat;
  // A message goes to the chat on screen while it is open; otherwise it starts a new one.
  const writeTo = chat?.status === "open" ? String(chat.id) : "";
  const [form, fields] = useForm<Fields>({
    // A form reset after each sent message (its key changes): nothing typed is kept twice.
    id: `support-${writeTo}-${view.messages.length}`,
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: validate,
  });
  const state = !chat
    ? t("chat.state_new")
    : chat.status === "closed"
      ? t("chat.state_closed")
      : chat.answered
        ? t("chat.state_answered")
        : t("chat.state_waiting");
  const older = view.chats.filter((c) => c.id !== chat?.id);
  return (
    <section className="mx-4 mt-4" aria-labelledby="chat-title">
      <div className="card">
        <h2 id="chat-title" className="font-semibold">
          {t("chat.title")}
        </h2>
        <p className="mt-1 text-sm text-muted" data-testid="support-state">
          {state}
        </p>
        {view.messages.length > 0 && (
          <ol
            className="mt-3 flex flex-col gap-2"
            aria-label={t("chat.messages")}
            data-testid="support-messages"
          >
            {view.messages.map((m) => (
              <Bubble key={m.id} message={m} />
            ))}
          </ol>
        )}
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        key={form.id}
        className="card mt-3"
      >
        <HoneypotInputs />
        <input type="hidden" name="chat_id" value={writeTo} />
        <label htmlFor={fields.body.id} className="mb-1 block text-sm text-muted">
          {chat?.status === "open" ? t("chat.message") : t("chat.first_message")}
        </label>
        <textarea
          {...getTextareaProps(fields.body, { ariaAttributes: true })}
          key={fields.body.key}
          className="input h-24 py-2"
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder={t("chat.placeholder")}
        />
        <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
        <ImageField field={fields.image} label={t("chat.image")} hint={t("chat.image_hint")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("chat.send")}</Submit>
      </Form>
      {older.length > 0 && (
        <div className="card mt-3 p-0">
          <h3 className="px-4 pt-3 text-sm font-semibold">{t("chat.history")}</h3>
          <ul>
            {older.map((c) => (
              <li key={c.id}>
                <Link to={`/customerservice?chat=${c.id}`} className="list-row">
                  <span className="min-w-0">
                    <span className="block truncate">{c.last || t("chat.image_only")}</span>
                    <span className="block text-xs text-muted">
                      <Time value={c.updated_at} /> ·{" "}
                      {c.status === "open" ? t("chat.status_open") : t("chat.status_closed")}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    {c.unread > 0 && (
                      <span className="rounded-full bg-down px-2 text-xs font-semibold text-white">
                        {t("chat.unread", { count: c.unread })}
                      </span>
                    )}
                    <Icon name="chevron" size={18} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Bubble({ message: m }: { message: SupportMessage }) {
  const { t } = useTranslation("content");
  const mine = m.author === "customer";
  return (
    <li
      className={`max-w-[85%] rounded-lg px-3 py-2 ${mine ? "self-end bg-accent/15" : "self-start bg-line"}`}
      data-author={m.author}
    >
      <span className="block text-xs text-muted">
        {mine ? t("chat.you") : t("chat.support")} · <Time value={m.created_at} />
      </span>
      {m.body && <span className="block whitespace-pre-wrap break-words">{m.body}</span>}
      {m.image && (
        <a href={`/media/${m.image}`} target="_blank" rel="noreferrer" className="mt-1 block">
          <img
            src={`/media/${m.image}`}
            alt={t("chat.image_alt")}
            className="max-h-48 rounded border border-line"
            loading="lazy"
          />
        </a>
      )}
    </li>
  );
}

/** The site's contacts an operator keeps (GET /api/about/content): the offline fallback. */
function Contacts() {
  const { t } = useTranslation("content");
  const site = useSite();
  const rows: { icon: IconName; label: string; value: string; href: string; external?: boolean }[] = [];
  if (site.online_service) {
    rows.push({
      icon: "chat",
      label: t("service.online"),
      value: t("service.online_hint"),
      href: site.online_service,
      external: /^https?:/.test(site.online_service),
    });
  }
  if (site.contactemail)
    rows.push({
      icon: "mail",
      label: t("service.email"),
      value: site.contactemail,
      href: `mailto:${site.contactemail}`,
    });
  if (site.opinionmail)
    rows.push({
      icon: "mail",
      label: t("service.feedback"),
      value: site.opinionmail,
      href: `mailto:${site.opinionmail}`,
    });
  if (site.servicephone)
    rows.push({
      icon: "phone",
      label: t("service.phone"),
      value: site.servicephone,
      href: `tel:${site.servicephone.replace(/[^+\d]/g, "")}`,
    });
  return (
    <ul className="card mx-4 p-0">
      {rows.map((row) => (
        <li key={row.label}>
          <a
            href={row.href}
            className="list-row"
            {...(row.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            <span className="flex items-center gap-3">
              <span className="text-accent">
                <Icon name={row.icon} />
              </span>
              <span>
                <span className="block">{row.label}</span>
                <span className="block text-xs text-muted">{row.value}</span>
              </span>
            </span>
            <Icon name="chevron" size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}
