// The security headers every response carries (pages, /api, assets): server.ts sets them on its
// responses, web.ts on the pages an edge runtime serves. Web APIs only, so both can use it.

/** A fresh CSP nonce: 128 random bits, base64. One per request, never reused. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type SecurityHeaderOptions = {
  /** The page's nonce: only inline scripts carrying it run. */
  nonce: string;
  /** The URL the visitor asked for (its host gives the same-origin websocket). */
  url: string;
  /** Send HSTS: production over https only (a plain-http try-out must stay reachable). */
  hsts: boolean;
};

/**
 * The Content-Security-Policy: scripts only from this origin or inline with this request's
 * nonce (React Router's hydration scripts and ours carry it), no plugins, no framing, no <base>
 * tricks, forms post only here. Styles may be inline (React's style attributes, the chart's
 * canvas sizing); images may be data: URIs (inline QR codes and icons).
 */
export function contentSecurityPolicy({ nonce, url }: Pick<SecurityHeaderOptions, "nonce" | "url">): string {
  const { host, protocol } = new URL(url);
  const ws = protocol === "https:" ? `wss://${host}` : `ws://${host} wss://${host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // 'self' covers the same-origin websocket in current browsers; older ones need it named.
    `connect-src 'self' ${ws}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in with Google/Apple leaves by a plain link (a GET navigation), not by a form.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    // For browsers without frame-ancestors.
    "X-Frame-Options": "DENY",
    // Not "no-referrer": that makes browsers send `Origin: null` on our own form posts, which
    // the CSRF check (guards.ts) would refuse. Other sites learn nothing of our URLs.
    "Referrer-Policy": "same-origin",
    // The camera is for KYC photos through a file input (the OS picker), not getUserMedia.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (options.hsts) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The response with the headers set, keeping any a handler chose itself (say, a stricter CSP).
 * A Response from fetch() has immutable headers: then a copy carries them.
 */
export function withSecurityHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  for (const [name, value] of Object.entries(headers)) {
    if (target.headers.has(name)) continue;
    try {
      target.headers.set(name, value);
    } catch {
      target = new Response(target.body, target);
      target.headers.set(name, value);
    }
  }
  return target;
}
