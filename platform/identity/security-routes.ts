import { eq } from "drizzle-orm";
import { z } from "zod";
import { userSchema } from "../contract/identity.ts";
import {
  addressBookBody,
  addressBookQuery,
  antiPhishingBody,
  avatarBody,
  bindEmailBody,
  bindPhoneBody,
  fundChangeBody,
  fundSetBody,
  googleCodeBody,
  googleSetupSchema,
  idBody,
  loginEventSchema,
  loginHistoryQuery,
  loginPasswordBody,
  nicknameBody,
  paymentMethodBody,
  paymentMethodSchema,
  securityOverviewSchema,
  sendCodeBody,
  withdrawalAddressSchema,
} from "../contract/security.ts";
import type { Api } from "../http/app.ts";
import type { HandlerContext } from "../http/route.ts";
import {
  checkImage,
  deleteUpload,
  saveImages,
  UPLOAD_BODY_LIMIT,
  uploadIdOf,
  uploadPath,
  uploadStore,
} from "../uploads/index.ts";
import {
  addAddress,
  addPaymentMethod,
  deleteAddress,
  deletePaymentMethod,
  listAddresses,
  listPaymentMethods,
} from "./address-book.ts";
import {
  bindAddress,
  bindGoogle,
  changeFundPassword,
  changeLoginPassword,
  googleSetup,
  ownAddress,
  securityOverview,
  setAntiPhishing,
  setFundPassword,
  unbindGoogle,
} from "./security.ts";
import { type ClientInfo, type IdentityDeps, sendCode, userView } from "./service.ts";
import { loginHistory } from "./sign-in.ts";
import { users } from "./tables.ts";

const client = (ctx: HandlerContext<unknown>): ClientInfo => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  lang: ctx.lang,
});

/**
 * The security centre (/api/security/…) and the account's own settings (/api/user/…): fund and
 * login passwords, Google Authenticator, e-mail and phone, the anti-phishing code, withdrawal
 * addresses, payment methods, nickname and avatar, and the login history.
 */
export function securityRoutes(api: Api, deps: IdentityDeps) {
  const { db } = deps;

  api.route(
    {
      method: "get",
      path: "/security/overview",
      tags: ["Security"],
      summary: "The security centre: contacts, what is set, and whether withdrawals are possible",
      auth: "required",
      response: securityOverviewSchema,
    },
    (_input, { user }) => securityOverview(db, user.id),
  );

  api.route(
    {
      method: "get",
      path: "/user/login_history",
      tags: ["Security"],
      summary: "The latest sign-ins to the account, failed ones included (time, IP, device, method)",
      auth: "required",
      query: loginHistoryQuery,
      response: z.array(loginEventSchema),
    },
    ({ query }, { user }) => loginHistory(db, user.id, query.limit),
  );

  api.route(
    {
      method: "post",
      path: "/security/send_code",
      tags: ["Security"],
      summary: "Send a code to the account's own e-mail or phone (e.g. to change a forgotten fund password)",
      auth: "required",
      body: sendCodeBody,
      response: z.object({ captcha_key: z.string() }),
    },
    async ({ body }, ctx) => {
      const address = await ownAddress(db, ctx.user.id, body.channel);
      const { captchaKey } = await sendCode(deps, address, "security", client(ctx), ctx.user.id);
      ctx.setMessage("identity.code_sent");
      return { captcha_key: captchaKey };
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/fund_password",
      tags: ["Security"],
      summary: "Set the fund password (8–20 letters and digits, at least one of each)",
      auth: "required",
      body: fundSetBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await setFundPassword(db, ctx.user.id, { password: body.new_pay_pwd, googleCode: body.google_code });
      ctx.setMessage("security.fund_password_set");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/fund_password/change",
      tags: ["Security"],
      summary: "Change the fund password with the old one, or with a code sent by /security/send_code",
      description:
        "Give `old_password`, or `code` (and `channel`, the one the code went to). Wrong old passwords are " +
        "throttled: 5 in 15 minutes lock further tries. Withdrawals are locked for 24 hours after.",
      auth: "required",
      body: fundChangeBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await changeFundPassword(deps, ctx.user.id, {
        oldPassword: body.old_password,
        code: body.code,
        channel: body.channel,
        password: body.new_pay_pwd,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.fund_password_changed");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/login_password",
      tags: ["Security"],
      summary: "Change the login password; every session ends (log in again)",
      description:
        "`old_login_pwd` is required when the account has a password. Withdrawals are locked for 24 hours after.",
      auth: "required",
      body: loginPasswordBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await changeLoginPassword(db, ctx.user.id, {
        oldPassword: body.old_login_pwd,
        password: body.new_login_pwd,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.login_password_changed");
      return null;
    },
  );

  api.route(
    {
      method: "get",
      path: "/security/google",
      tags: ["Security"],
      summary: "Google Authenticator: bound or not; if not, the secret to bind, its otpauth URL and QR code",
      description: "The same secret is offered for an hour (or until /security/google/renew).",
      auth: "required",
      response: googleSetupSchema,
    },
    (_input, { user }) => googleSetup(db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/security/google/renew",
      tags: ["Security"],
      summary: "Offer a fresh secret for binding Google Authenticator",
      auth: "required",
      response: googleSetupSchema,
    },
    (_input, { user }) => googleSetup(db, user.id, true),
  );

  api.route(
    {
      method: "post",
      path: "/security/google/bind",
      tags: ["Security"],
      summary: "Bind Google Authenticator with a code of the secret offered",
      auth: "required",
      body: googleCodeBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await bindGoogle(db, ctx.user.id, body.google_code);
      ctx.setMessage("security.google_bound");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/google/unbind",
      tags: ["Security"],
      summary: "Unbind Google Authenticator with a current code; withdrawals are locked for 24 hours",
      auth: "required",
      body: googleCodeBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await unbindGoogle(db, ctx.user.id, body.google_code);
      ctx.setMessage("security.google_unbound");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/email",
      tags: ["Security"],
      summary: "Bind or change the e-mail with the code sent to it (/send_email, type bind)",
      description: "A change of a bound e-mail locks withdrawals for 24 hours.",
      auth: "required",
      body: bindEmailBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await bindAddress(deps, ctx.user.id, {
        address: { type: "email", email: body.email },
        code: body.code,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.email_bound");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/phone",
      tags: ["Security"],
      summary: "Bind or change the mobile number with the code sent to it (/captcha, type bind)",
      description: "A change of a bound number locks withdrawals for 24 hours.",
      auth: "required",
      body: bindPhoneBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await bindAddress(deps, ctx.user.id, {
        address: { type: "phone", areaCode: body.area_code, phone: body.phone },
        code: body.code,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.phone_bound");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/security/anti_phishing",
      tags: ["Security"],
      summary: "Set the anti-phishing code shown in every e-mail we send (4–20 letters, digits, _)",
      description: "Send `clear=1` instead of a code to remove it.",
      auth: "required",
      body: antiPhishingBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      const code = "anti_phishing_code" in body ? body.anti_phishing_code : null;
      await setAntiPhishing(db, ctx.user.id, { code, googleCode: body.google_code });
      ctx.setMessage(code ? "security.anti_phishing_set" : "security.anti_phishing_cleared");
      return null;
    },
  );

  // ── Withdrawal addresses ─────────────────────────────────────────────────────────────────────

  api.route(
    {
      method: "get",
      path: "/user/withdrawal_addresses",
      tags: ["Security"],
      summary: "The withdrawal address book (of one coin with `coin`)",
      auth: "required",
      query: addressBookQuery,
      response: z.array(withdrawalAddressSchema),
    },
    ({ query }, { user }) => listAddresses(db, user.id, query.coin),
  );

  api.route(
    {
      method: "post",
      path: "/user/withdrawal_addresses/add",
      tags: ["Security"],
      summary: "Save a withdrawal address (coin, network, address, remark) with the fund password",
      description:
        "The address is checked for its network (format and checksum). Needs the fund password " +
        "(`payment_password`, throttled) and, once bound, the Google code.",
      auth: "required",
      body: addressBookBody,
      response: withdrawalAddressSchema,
    },
    async ({ body }, ctx) => {
      const saved = await addAddress(db, ctx.user.id, {
        coin: body.coin,
        network: body.network,
        address: body.address,
        remark: body.remark,
        fundPassword: body.payment_password,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.address_added");
      return saved;
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/withdrawal_addresses/delete",
      tags: ["Security"],
      summary: "Delete a saved withdrawal address",
      auth: "required",
      body: idBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await deleteAddress(db, ctx.user.id, body.id);
      ctx.setMessage("security.address_deleted");
      return null;
    },
  );

  // ── Payment methods ──────────────────────────────────────────────────────────────────────────

  api.route(
    {
      method: "get",
      path: "/user/payment_methods",
      tags: ["Security"],
      summary: "Bank cards and e-wallets for fiat (account numbers masked)",
      auth: "required",
      response: z.array(paymentMethodSchema),
    },
    (_input, { user }) => listPaymentMethods(db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/user/payment_methods/add",
      tags: ["Security"],
      summary: "Add a bank card or an e-wallet, with the fund password",
      auth: "required",
      body: paymentMethodBody,
      response: paymentMethodSchema,
    },
    async ({ body }, ctx) => {
      const saved = await addPaymentMethod(db, ctx.user.id, {
        kind: body.kind,
        holder: body.holder,
        provider: body.provider,
        account: body.account,
        branch: body.branch,
        fundPassword: body.payment_password,
        googleCode: body.google_code,
      });
      ctx.setMessage("security.payment_method_added");
      return saved;
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/payment_methods/delete",
      tags: ["Security"],
      summary: "Delete a payment method",
      auth: "required",
      body: idBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await deletePaymentMethod(db, ctx.user.id, body.id);
      ctx.setMessage("security.payment_method_deleted");
      return null;
    },
  );

  // ── Nickname and avatar ──────────────────────────────────────────────────────────────────────

  api.route(
    {
      method: "post",
      path: "/user/profile",
      tags: ["Accounts"],
      summary: "Change the nickname (`name`, 1–20 characters)",
      auth: "required",
      body: nicknameBody,
      response: z.object({ user: userSchema }),
    },
    async ({ body }, ctx) => {
      await db.update(users).set({ name: body.name, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
      ctx.setMessage("security.profile_saved");
      return { user: await userView(db, ctx.user.id) };
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/avatar",
      tags: ["Accounts"],
      summary: "Upload an avatar: a JPEG, PNG or WebP image of at most 2 MB",
      description:
        "Multipart, field `avatar`. Served to its owner only, at the path `data.user.avatar` gives.",
      auth: "required",
      multipart: true,
      bodyLimit: UPLOAD_BODY_LIMIT,
      tooLargeMessage: "uploads.too_large",
      body: avatarBody,
      response: z.object({ avatar: z.string() }),
    },
    async ({ body }, ctx) => {
      const image = await checkImage(body.avatar, "avatar");
      const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, ctx.user.id));
      let discard: (() => Promise<void>) | undefined;
      let path = "";
      try {
        await db.transaction(async (tx) => {
          const saved = await saveImages(tx, uploadStore(deps.config), ctx.user.id, [
            { purpose: "avatar", image },
          ]);
          discard = saved.discard;
          path = uploadPath(saved.ids[0] ?? "");
          await tx
            .update(users)
            .set({ avatar: path, updatedAt: new Date() })
            .where(eq(users.id, ctx.user.id));
        });
      } catch (error) {
        await discard?.();
        throw error;
      }
      const old = before?.avatar ? uploadIdOf(before.avatar) : undefined;
      if (old) await deleteUpload(db, uploadStore(deps.config), old);
      ctx.setMessage("security.avatar_saved");
      return { avatar: path };
    },
  );
}
