import { and, eq } from "drizzle-orm";
import * as client from "openid-client";
import type { Config } from "../config.ts";
import { OIDC_PROVIDERS } from "../contract/identity.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import { type ClientInfo, type IdentityDeps, insertUser } from "./service.ts";
import { signIn } from "./sign-in.ts";
import { userIdentities, users } from "./tables.ts";

/**
 * Sign-in with Google and Apple (OpenID Connect, authorization code flow with PKCE and a nonce).
 *
 * The platform keeps no state between the two calls: `start` hands the caller the state, the
 * PKCE verifier and the nonce (the web app keeps them in a signed, httpOnly cookie), and
 * `callback` gets them back with the URL the provider sent the browser to. openid-client checks
 * the state, exchanges the code (with the verifier) and validates the ID token (issuer, audience,
 * expiry, nonce).
 */
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

const NAMES: Record<OidcProvider, string> = { google: "Google", apple: "Apple" };

export function configuredProviders(config: Config): OidcProvider[] {
  return OIDC_PROVIDERS.filter((p) => config.oidc[p]);
}

function isProvider(value: string): value is OidcProvider {
  return (OIDC_PROVIDERS as readonly string[]).includes(value);
}

/** Plain http is only accepted for an issuer on this machine (a local test provider). */
function isLoopback(url: URL) {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export type Oidc = ReturnType<typeof createOidc>;

export function createOidc(config: Config, logger: Logger) {
  // Discovery once per provider and process; a failure is forgotten so the next call retries.
  const discovered = new Map<OidcProvider, Promise<client.Configuration>>();

  function settingsOf(provider: string) {
    const settings = isProvider(provider) ? config.oidc[provider] : undefined;
    if (!settings || !isProvider(provider)) throw new ApiError(404, "identity.oauth_unavailable");
    return { provider, settings };
  }

  async function configurationOf(provider: OidcProvider) {
    const settings = config.oidc[provider];
    if (!settings) throw new ApiError(404, "identity.oauth_unavailable");
    let pending = discovered.get(provider);
    if (!pending) {
      const issuer = new URL(settings.issuer);
      pending = client.discovery(
        issuer,
        settings.clientId,
        undefined,
        // Google and Apple both take the secret in the token request's body.
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        isLoopback(issuer) ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      discovered.set(provider, pending);
      pending.catch(() => discovered.delete(provider));
    }
    try {
      return await pending;
    } catch (error) {
      logger.warn({ err: error, provider }, "OpenID Connect discovery failed");
      throw new ApiError(503, "errors.unavailable");
    }
  }

  /** The redirect URI must be this site's own when PUBLIC_URL says which site that is. */
  function checkRedirectUri(redirectUri: string) {
    if (!config.publicUrl) return;
    if (new URL(redirectUri).origin !== new URL(config.publicUrl).origin) {
      throw fieldError("redirect_uri", "validation.invalid_format");
    }
  }

  return {
    providers: () => configuredProviders(config),

    async start(providerName: string, redirectUri: string) {
      const { provider } = settingsOf(providerName);
      checkRedirectUri(redirectUri);
      const configuration = await configurationOf(provider);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid email",
        response_type: "code",
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      };
      // Apple sends the answer as a cross-site POST to the redirect URI when e-mail is asked for.
      if (provider === "apple") parameters.response_mode = "form_post";
      const url = client.buildAuthorizationUrl(configuration, parameters);
      return { authorization_url: url.href, state, code_verifier: codeVerifier, nonce };
    },

    /**
     * Checks the provider's answer and exchanges its code; answers the verified claims. Any
     * refusal (wrong state or nonce, a used or unknown code, an error from the provider) is a 422.
     */
    async exchange(
      providerName: string,
      input: { callbackUrl: string; redirectUri: string; state: string; codeVerifier: string; nonce: string },
    ) {
      const { provider } = settingsOf(providerName);
      checkRedirectUri(input.redirectUri);
      const configuration = await configurationOf(provider);
      // The token request must name the redirect URI of the authorization request, so the answer's
      // parameters are read from callback_url and set on redirect_uri.
      const current = new URL(input.redirectUri);
      current.search = new URL(input.callbackUrl).search;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          expectedState: input.state,
          expectedNonce: input.nonce,
          pkceCodeVerifier: input.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new Error("no ID token");
        const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : undefined;
        // Apple has sent `email_verified` as the string "true".
        const verified = claims.email_verified === true || claims.email_verified === "true";
        return { provider, subject: claims.sub, email: email || undefined, emailVerified: verified };
      } catch (error) {
        logger.info(
          { provider, code: (error as { code?: string }).code, error: (error as Error).message },
          "OpenID Connect sign-in refused",
        );
        throw new ApiError(422, "identity.oauth_failed", { params: { provider: NAMES[provider] } });
      }
    },
  };
}

type Claims = { provider: OidcProvider; subject: string; email?: string; emailVerified: boolean };

/**
 * The user behind a provider's account: the one already linked to it; else the account with the
 * same e-mail, linked now, but only when the provider has verified that e-mail; else a new
 * account (no password). Safe when two sign-ins of the same new account race.
 */
export async function userForIdentity(deps: IdentityDeps, claims: Claims, lang: string) {
  const { db } = deps;
  for (let attempt = 0; ; attempt++) {
    const [linked] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, claims.provider), eq(userIdentities.subject, claims.subject)))
      .limit(1);
    if (linked) return { userId: linked.userId, created: false };

    const verifiedEmail = claims.emailVerified ? claims.email : undefined;
    try {
      return await db.transaction(async (tx) => {
        let userId: number | undefined;
        let created = false;
        if (verifiedEmail) {
          const [owner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, verifiedEmail))
            .limit(1);
          userId = owner?.id;
        }
        if (userId === undefined) {
          // An unverified address is not claimed: its owner may still sign up with it.
          userId = await insertUser(tx, { email: verifiedEmail ?? null, passwordHash: null, lang });
          created = true;
        }
        const [inserted] = await tx
          .insert(userIdentities)
          .values({ provider: claims.provider, subject: claims.subject, userId, email: claims.email ?? null })
          .onConflictDoNothing()
          .returning({ userId: userIdentities.userId });
        // Another sign-in of the same account linked it first: undo ours and take theirs.
        if (!inserted) throw new LostRace();
        return { userId, created };
      });
    } catch (error) {
      // A race: the same account linked, or the same e-mail taken, meanwhile. Look again.
      if (attempt < 2 && (error instanceof LostRace || error instanceof ApiError)) continue;
      throw error;
    }
  }
}

class LostRace extends Error {}

/** Signs in with a provider's verified claims: a session like /api/login's. */
export async function oidcLogin(deps: IdentityDeps, claims: Claims, info: ClientInfo) {
  const { userId, created } = await userForIdentity(deps, claims, info.lang);
  const [user] = await deps.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (user?.status !== "active") throw new ApiError(423, "identity.account_frozen");
  // A session, or the Google Authenticator step first when it is bound.
  return { ...(await signIn(deps.db, userId, claims.provider, info)), created };
}
