import { z } from "zod";
import {
  OIDC_PROVIDERS,
  oauthCallbackBody,
  oauthStartBody,
  userSchema,
  walletLoginBody,
  walletMessageBody,
} from "../contract/identity.ts";
import { twoFactorSchema } from "../contract/security.ts";
import type { Api } from "../http/app.ts";
import type { HandlerContext } from "../http/route.ts";
import { createOidc, oidcLogin } from "./oidc.ts";
import type { ClientInfo, IdentityDeps } from "./service.ts";
import { issueWalletMessage, siteOf, walletLogin } from "./wallet.ts";

const client = (ctx: HandlerContext<unknown>): ClientInfo => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  lang: ctx.lang,
});

/** A session, or (Google Authenticator bound) the ticket for the second step, /login/verify. */
const authResult = z.union([z.object({ token: z.string(), user: userSchema }), twoFactorSchema]);
/** Sign-in with Google or Apple (OpenID Connect) and with an Ethereum wallet (EIP-4361). */
export function signInRoutes(api: Api, deps: IdentityDeps) {
  const oidc = createOidc(deps.config, deps.logger);

  api.route(
    {
      method: "get",
      path: "/oauth/providers",
      tags: ["Accounts"],
      summary: "The OpenID Connect providers this site can sign in with (Google, Apple)",
      response: z.array(z.object({ provider: z.enum(OIDC_PROVIDERS) })),
    },
    () => oidc.providers().map((provider) => ({ provider })),
  );

  api.route(
    {
      method: "post",
      path: "/oauth/start",
      tags: ["Accounts"],
      summary: "Begin a sign-in with Google or Apple: the provider's URL to send the browser to",
      description:
        "Authorization code flow with PKCE (S256) and a nonce, scope `openid email`. The platform keeps " +
        "no state: keep `state`, `code_verifier` and `nonce` (a signed, httpOnly cookie) and send " +
        "them back to /oauth/callback. An unconfigured provider is a 404.",
      body: oauthStartBody,
      response: z.object({
        authorization_url: z.string(),
        state: z.string(),
        code_verifier: z.string(),
        nonce: z.string(),
      }),
    },
    ({ body }) => oidc.start(body.provider, body.redirect_uri),
  );

  api.route(
    {
      method: "post",
      path: "/oauth/callback",
      tags: ["Accounts"],
      summary: "Finish a sign-in with Google or Apple; answers a session token and the user",
      description:
        "`callback_url` is the URL the provider sent the browser back to (for Apple's form_post, " +
        "the redirect URI with the posted fields as its query). The account linked to the provider's " +
        "account signs in; else the account with the same e-mail, linked now, only when the provider " +
        "has verified it; else a new account is created. A refused answer is a 422.",
      body: oauthCallbackBody,
      response: authResult,
    },
    async ({ body }, ctx) => {
      const claims = await oidc.exchange(body.provider, {
        callbackUrl: body.callback_url,
        redirectUri: body.redirect_uri,
        state: body.state,
        codeVerifier: body.code_verifier,
        nonce: body.nonce,
      });
      const { created, ...result } = await oidcLogin(deps, claims, client(ctx));
      ctx.setMessage(
        "two_factor" in result
          ? "security.two_factor_needed"
          : created
            ? "identity.registered"
            : "identity.signed_in",
      );
      return result;
    },
  );

  api.route(
    {
      method: "post",
      path: "/wallet/message",
      tags: ["Accounts"],
      summary: "The Sign-In with Ethereum (EIP-4361) message for a wallet address to sign",
      description:
        "Issues a single-use nonce valid 10 minutes. Sign `message` exactly as given (personal_sign) and " +
        "send it with the signature to /wallet/login. The domain is PUBLIC_URL's host, else this request's.",
      body: walletMessageBody,
      response: z.object({ message: z.string(), nonce: z.string(), expires_at: z.string() }),
    },
    ({ body }, ctx) =>
      issueWalletMessage(
        deps,
        { address: body.address, chainId: body.chain_id },
        siteOf(deps.config.publicUrl, ctx.c.req.url),
        ctx.ip,
      ),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/login",
      tags: ["Accounts"],
      summary: "Sign in with a signed EIP-4361 message; a wallet seen for the first time gets an account",
      body: walletLoginBody,
      response: authResult,
    },
    async ({ body }, ctx) => {
      // Pasted text may carry Windows line ends; the signed message has \n only.
      const message = body.message.replace(/\r\n/g, "\n");
      const { created, ...result } = await walletLogin(
        deps,
        { message, signature: body.signature },
        siteOf(deps.config.publicUrl, ctx.c.req.url),
        client(ctx),
      );
      ctx.setMessage(
        "two_factor" in result
          ? "security.two_factor_needed"
          : created
            ? "identity.registered"
            : "identity.signed_in",
      );
      return result;
    },
  );
}
