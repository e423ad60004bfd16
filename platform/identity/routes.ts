import { z } from "zod";
import {
  type AddressBody,
  captchaQuery,
  checkCodeBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  revokeSessionBody,
  sendEmailBody,
  sessionSchema,
  userSchema,
} from "../contract/identity.ts";
import { loginVerifyBody, twoFactorSchema } from "../contract/security.ts";
import type { Api } from "../http/app.ts";
import { fieldError } from "../http/errors.ts";
import type { HandlerContext } from "../http/route.ts";
import { checkCode } from "./codes.ts";
import { securityRoutes } from "./security-routes.ts";
import {
  type Address,
  addressOfAccount,
  type ClientInfo,
  type IdentityDeps,
  login,
  phoneOfRequest,
  register,
  resetPassword,
  sendCode,
  targetOf,
  userView,
} from "./service.ts";
import { listSessions, revokeAllSessions, revokeSession } from "./sessions.ts";
import { verifySignIn } from "./sign-in.ts";
import { signInRoutes } from "./sign-in-routes.ts";

const client = (ctx: HandlerContext<unknown>): ClientInfo => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  lang: ctx.lang,
});

const authResult = z.object({ token: z.string(), user: userSchema });
/** A session, or (Google Authenticator bound) the ticket for the second step, /login/verify. */
const signInResult = z.union([authResult, twoFactorSchema]);

const toAddress = (a: AddressBody): Address =>
  a.type === "email" ? a : { type: "phone", areaCode: a.area_code, phone: a.phone };

export function identityRoutes(api: Api, deps: IdentityDeps) {
  // Google, Apple and wallet sign-in.
  signInRoutes(api, deps);
  // The security centre and the account's own settings.
  securityRoutes(api, deps);

  api.route(
    {
      method: "get",
      path: "/captcha",
      tags: ["Accounts"],
      summary: "Send a 6-digit SMS code (register by default); answers data.captcha_key",
      description:
        "At most one code per number every 60 s. `key_str` is accepted for the spec's clients (they send the phone again). " +
        "Without `area_code` the country comes from a `+` number (`+6591234567`), else from the signed-in user's stored dial code; else a 422 on `area_code`.",
      auth: "optional",
      query: captchaQuery,
      response: z.object({ captcha_key: z.string() }),
    },
    async ({ query }, ctx) => {
      if (query.type !== "register" && query.type !== "reset" && !ctx.user) {
        throw fieldError("type", "errors.unauthorized");
      }
      const address = await phoneOfRequest(deps.db, {
        phone: query.phone,
        areaCode: query.area_code,
        userId: ctx.user?.id,
      });
      const { captchaKey } = await sendCode(deps, address, query.type, client(ctx), ctx.user?.id);
      ctx.setMessage("identity.code_sent");
      return { captcha_key: captchaKey };
    },
  );

  api.route(
    {
      method: "post",
      path: "/send_email",
      tags: ["Accounts"],
      summary: "Send a 6-digit e-mail code (register, reset, bind, withdraw)",
      auth: "optional",
      body: sendEmailBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      if (body.type !== "register" && body.type !== "reset" && !ctx.user) {
        throw fieldError("type", "errors.unauthorized");
      }
      await sendCode(deps, { type: "email", email: body.email }, body.type, client(ctx), ctx.user?.id);
      ctx.setMessage("identity.code_sent");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/check_code",
      tags: ["Accounts"],
      summary: "Check a code without using it up (the code step of multi-step forms)",
      description: "A wrong code counts as one of the code's five tries.",
      body: checkCodeBody,
      response: z.null(),
    },
    async ({ body }) => {
      const target = targetOf(toAddress(body), body.purpose);
      await checkCode(deps.db, deps.config.sessionSecret, target, body.code, {
        consume: false,
        captchaKey: body.captcha_key,
      });
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/register",
      tags: ["Accounts"],
      summary: "Create an account by e-mail or by phone with a code; answers a session token and the user",
      body: registerBody,
      response: authResult,
    },
    async ({ body }, ctx) => {
      const result = await register(
        deps,
        {
          address: toAddress(body),
          code: body.code,
          captchaKey: body.captcha_key,
          password: body.password,
          inviteCode: body.invite_code,
        },
        client(ctx),
      );
      ctx.setMessage("identity.registered");
      return result;
    },
  );

  api.route(
    {
      method: "post",
      path: "/login",
      tags: ["Accounts"],
      summary: "Sign in with an e-mail or a phone and the password",
      description:
        "Throttled: 5 failures per account or 30 per address in 15 minutes lock further tries. When Google " +
        'Authenticator is bound, answers `two_factor: {type: "google", ticket}` instead of a token: send the ' +
        "ticket and the code to /login/verify.",
      body: loginBody,
      response: signInResult,
    },
    async ({ body }, ctx) => {
      const result = await login(
        deps,
        { account: body.account, password: body.password, areaCode: body.area_code },
        client(ctx),
      );
      if ("two_factor" in result) ctx.setMessage("security.two_factor_needed");
      return result;
    },
  );

  api.route(
    {
      method: "post",
      path: "/login/verify",
      tags: ["Accounts"],
      summary: "The second step of a sign-in: the ticket and a Google Authenticator code",
      description:
        "The ticket comes from /login (or the Google, Apple or wallet sign-in) when Google Authenticator is bound. " +
        "Single use, valid 5 minutes, 5 tries; the code is 6 digits, ±30 s, and a code once used is refused.",
      body: loginVerifyBody,
      response: authResult,
    },
    async ({ body }, ctx) => {
      const result = await verifySignIn(deps.db, { ticket: body.ticket, code: body.code }, client(ctx));
      ctx.setMessage("identity.signed_in");
      return result;
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/logout",
      tags: ["Accounts"],
      summary: "End this session",
      auth: "required",
      response: z.null(),
    },
    async (_input, ctx) => {
      await revokeSession(deps.db, ctx.user.id, ctx.user.sessionId, "logout");
      ctx.setMessage("identity.logged_out");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/reset_login_pwd",
      tags: ["Accounts"],
      summary: "Set a new login password with a reset code; every session of the account ends",
      body: resetPasswordBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await resetPassword(deps, {
        address: addressOfAccount(body.account, body.area_code),
        code: body.code,
        password: body.password,
      });
      ctx.setMessage("identity.password_reset");
      return null;
    },
  );

  api.route(
    {
      method: "get",
      path: "/user/info",
      tags: ["Accounts"],
      summary: "The signed-in user",
      auth: "required",
      response: z.object({ user: userSchema }),
    },
    async (_input, { user }) => ({ user: await userView(deps.db, user.id) }),
  );

  api.route(
    {
      method: "get",
      path: "/user/sessions",
      tags: ["Accounts"],
      summary: "The user's active sessions (device, IP, created, last seen); `current` marks this one",
      auth: "required",
      response: z.array(sessionSchema),
    },
    (_input, { user }) => listSessions(deps.db, user),
  );

  api.route(
    {
      method: "post",
      path: "/user/sessions/revoke",
      tags: ["Accounts"],
      summary: "End one of the user's sessions, or all others with `all_others`",
      auth: "required",
      body: revokeSessionBody,
      response: z.object({ ended: z.number().int() }),
    },
    async ({ body }, ctx) => {
      const ended =
        "id" in body
          ? Number(await revokeSession(deps.db, ctx.user.id, body.id, "revoked"))
          : await revokeAllSessions(deps.db, ctx.user.id, "revoked", ctx.user.sessionId);
      // One named session that is not (or no longer) theirs is an error; "all others" when there
      // are none is simply nothing to do.
      if (ended === 0 && "id" in body) throw fieldError("id", "errors.not_found");
      ctx.setMessage("identity.sessions_ended", { count: ended });
      return { ended };
    },
  );
}
