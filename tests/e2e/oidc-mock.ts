// A local OpenID Connect provider for the end-to-end suite (started by playwright.config.ts), on
// oauth2-mock-server: it plays Google (query answer) and Apple (response_mode=form_post: a page
// that POSTs the answer to the site, cross-site, as appleid.apple.com does).
//
// Who is "signed in at the provider" is the browser's `mock_user` cookie on this host, set by the
// test: base64url JSON of the ID token claims to add (sub, email, email_verified).
import { createServer, type IncomingMessage } from "node:http";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

const port = Number(process.env.OIDC_MOCK_PORT ?? 3112);
const issuer = new OAuth2Issuer();
issuer.url = `http://127.0.0.1:${port}`;
await issuer.keys.generate("RS256");
const service = new OAuth2Service(issuer);

function userOf(req: IncomingMessage): Record<string, unknown> {
  const cookie = /(?:^|;\s*)mock_user=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (!cookie) return { sub: "johndoe" };
  try {
    return JSON.parse(Buffer.from(cookie, "base64url").toString("utf8"));
  } catch {
    return { sub: "johndoe" };
  }
}

// The claims of the user who authorized a code go into the tokens issued for that code.
const claimsByCode = new Map<string, Record<string, unknown>>();
service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: IncomingMessage) => {
  const code = redirect.url.searchParams.get("code");
  if (code) claimsByCode.set(code, userOf(req));
});
service.on(
  "beforeTokenSigning",
  (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    const claims = req.body?.code ? claimsByCode.get(req.body.code) : undefined;
    if (claims) Object.assign(token.payload, claims);
  },
);
service.on("beforeResponse", (_response: unknown, req: { body?: { code?: string } }) => {
  if (req.body?.code) claimsByCode.delete(req.body.code);
});

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", issuer.url);
  if (url.pathname === "/authorize" && url.searchParams.get("response_mode") === "form_post") {
    // Send the answer through /form_post, which posts it to the real redirect URI.
    const target = url.searchParams.get("redirect_uri") ?? "";
    url.searchParams.set("redirect_uri", `${issuer.url}/form_post?target=${encodeURIComponent(target)}`);
    req.url = url.pathname + url.search;
  } else if (url.pathname === "/form_post") {
    const target = url.searchParams.get("target") ?? "";
    const fields = ["code", "state", "error"]
      .filter((k) => url.searchParams.has(k))
      .map((k) => `<input type="hidden" name="${k}" value="${html(url.searchParams.get(k) ?? "")}">`)
      .join("");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Mock provider</title><form method="post" action="${html(target)}">${fields}` +
        `<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
    );
    return;
  }
  service.requestHandler(req, res);
});
server.listen(port, "127.0.0.1", () => console.log(`OpenID provider mock at ${issuer.url}`));
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
