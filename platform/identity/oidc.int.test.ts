import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshEmail, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { userIdentities, users } from "./tables.ts";

// Sign-in with Google against a real OpenID provider running in this process (oauth2-mock-server):
// discovery, PKCE, the code exchange and the ID token checks are openid-client's, for real.

let mock: OAuth2Server;
let t: TestPlatform;
/** What the provider says about the user on the next token request (the mock signs it). */
let claims: Record<string, unknown> = {};

const REDIRECT_URI = "https://beacon.test/auth/google/callback";

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate("RS256");
  await mock.start(0, "127.0.0.1");
  mock.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  t = await testPlatform({
    GOOGLE_CLIENT_ID: "beacon-web",
    GOOGLE_CLIENT_SECRET: "beacon-secret",
    GOOGLE_ISSUER: mock.issuer.url as string,
  });
});
afterAll(async () => {
  await t?.close();
  await mock?.stop();
});
beforeEach(() => {
  claims = { sub: `google-${Math.random().toString(36).slice(2)}` };
});

const post = (path: string, json: unknown, lang?: string) => t.api(path, { method: "POST", json, lang });

async function start(provider = "google") {
  const res = await post("/oauth/start", { provider, redirect_uri: REDIRECT_URI });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { authorization_url: string; state: string; code_verifier: string; nonce: string };
}

/** The browser's visit to the provider: it sends the browser back to the redirect URI with a code. */
async function authorize(authorizationUrl: string) {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = res.headers.get("location") ?? "";
  expect(location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
  return location;
}

async function signIn(overrides: Record<string, unknown> = {}) {
  const flow = await start();
  const callbackUrl = await authorize(flow.authorization_url);
  const body = {
    provider: "google",
    callback_url: callbackUrl,
    state: flow.state,
    code_verifier: flow.code_verifier,
    nonce: flow.nonce,
    redirect_uri: REDIRECT_URI,
    ...overrides,
  };
  return { res: await post("/oauth/callback", body), body };
}

describe("sign-in with Google (OpenID Connect)", () => {
  it("lists only the configured providers", async () => {
    const res = await t.api("/oauth/providers");
    expect(res.body).toEqual({ status_code: 200, message: "Success", data: [{ provider: "google" }] });
  });

  it("starts with PKCE (S256), a state and a nonce, asking for openid and email", async () => {
    const flow = await start();
    const url = new URL(flow.authorization_url);
    expect(url.origin).toBe(mock.issuer.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "beacon-web",
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email",
      state: flow.state,
      nonce: flow.nonce,
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(flow.code_verifier).toMatch(/^[\w-]{43,128}$/);
  });

  it("an unknown or unconfigured provider is a 404", async () => {
    for (const provider of ["apple", "facebook"]) {
      const res = await post("/oauth/start", { provider, redirect_uri: REDIRECT_URI });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status_code: 404,
        message: "This sign-in method is not available",
        data: null,
      });
    }
    const callback = await post("/oauth/callback", {
      provider: "apple",
      callback_url: `${REDIRECT_URI}?code=x&state=y`,
      state: "y",
      code_verifier: "v".repeat(43),
      nonce: "n",
      redirect_uri: REDIRECT_URI,
    });
    expect(callback.status).toBe(404);
  });

  it("creates an account on first sign-in, and finds it again the next time", async () => {
    const sub = claims.sub;
    const first = await signIn();
    expect(first.res.status, JSON.stringify(first.res.body)).toBe(200);
    expect(first.res.body.message).toBe("Welcome! Your account is ready");
    const { token, user } = first.res.body.data;
    const info = await t.api("/user/info", { token });
    expect(info.body.data.user.id).toBe(user.id);
    const sessions = await t.api("/user/sessions", { token });
    expect(sessions.body.data[0].method).toBe("google");
    const [row] = await t.platform.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBeNull();

    claims = { sub };
    const second = await signIn();
    expect(second.res.status).toBe(200);
    expect(second.res.body.message).toBe("Welcome back!");
    expect(second.res.body.data.user.id).toBe(user.id);
    expect(second.res.body.data.token).not.toBe(token);
  });

  it("links to the account with the same e-mail only when the provider has verified it", async () => {
    const { email, user } = await registerByEmail(t);
    claims = { ...claims, email: email.toUpperCase(), email_verified: true };
    const linked = await signIn();
    expect(linked.res.status).toBe(200);
    expect(linked.res.body.data.user.id).toBe(user.id);

    const other = await registerByEmail(t);
    claims = { sub: "unverified-1", email: other.email, email_verified: false };
    const separate = await signIn();
    expect(separate.res.status).toBe(200);
    expect(separate.res.body.data.user.id).not.toBe(other.user.id);
    // The unverified address is not claimed by the new account.
    expect(separate.res.body.data.user.email).toBe("");
    const [identity] = await t.platform.deps.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, "unverified-1"));
    expect(identity).toMatchObject({ provider: "google", email: other.email });
  });

  it('gives a new account the verified e-mail nobody has yet (Apple\'s "true" string included)', async () => {
    const email = freshEmail("google");
    claims = { ...claims, email, email_verified: "true" };
    const res = await signIn();
    expect(res.res.body.data.user).toMatchObject({ email, account: email });
  });

  it("refuses a wrong state, a wrong nonce and a replayed code cleanly", async () => {
    const wrongState = await signIn({ state: "not-the-state" });
    expect(wrongState.res.status).toBe(422);
    expect(wrongState.res.body).toMatchObject({
      status_code: 422,
      message: "Sign-in with Google did not complete, please try again",
      data: null,
    });

    const wrongNonce = await signIn({ nonce: "not-the-nonce" });
    expect(wrongNonce.res.status).toBe(422);

    const ok = await signIn();
    expect(ok.res.status).toBe(200);
    const replay = await post("/oauth/callback", ok.body);
    expect(replay.status).toBe(422);

    const wrongVerifier = await signIn({ code_verifier: "x".repeat(43) });
    expect(wrongVerifier.res.status).toBe(422);
  });

  it("refuses the provider's error answer, in the user's language", async () => {
    const flow = await start();
    const res = await post(
      "/oauth/callback",
      {
        provider: "google",
        callback_url: `${REDIRECT_URI}?error=access_denied&state=${flow.state}`,
        state: flow.state,
        code_verifier: flow.code_verifier,
        nonce: flow.nonce,
        redirect_uri: REDIRECT_URI,
      },
      "es",
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("El inicio de sesión con Google no se completó, inténtalo de nuevo");
  });

  it("validates the request", async () => {
    const res = await post("/oauth/start", { provider: "google", redirect_uri: "javascript:alert(1)" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["redirect_uri"]);
    const missing = await post("/oauth/callback", { provider: "google" });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(
      ["callback_url", "code_verifier", "nonce", "redirect_uri", "state"].sort(),
    );
  });

  it("two first sign-ins of the same account at once make one account", async () => {
    const [a, b] = await Promise.all([signIn(), signIn()]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.res.body.data.user.id).toBe(b.res.body.data.user.id);
  });
});

describe("sign-in with Google behind PUBLIC_URL", () => {
  let site: TestPlatform;
  beforeAll(async () => {
    site = await testPlatform({
      GOOGLE_CLIENT_ID: "beacon-web",
      GOOGLE_ISSUER: mock.issuer.url as string,
      PUBLIC_URL: "https://beacon.test",
    });
  });
  afterAll(() => site?.close());

  it("accepts only redirect URIs of the public site", async () => {
    const ok = await site.api("/oauth/start", {
      method: "POST",
      json: { provider: "google", redirect_uri: REDIRECT_URI },
    });
    expect(ok.status).toBe(200);
    const other = await site.api("/oauth/start", {
      method: "POST",
      json: { provider: "google", redirect_uri: "https://evil.test/auth/google/callback" },
    });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(["redirect_uri"]);
  });
});
