import { randomUUID } from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import type { Envelope } from "../contract/envelope.ts";
import { langFromHeader } from "../contract/languages.ts";
import type { ApiEnv, Deps } from "./context.ts";
import { ApiError } from "./errors.ts";
import { translator } from "./i18n.ts";
import { defineRoute, type HandlerContext, type RouteInput, type RouteSpec } from "./route.ts";

export type Api = ReturnType<typeof createApi>;

/**
 * The platform's HTTP API (mounted at /api): request id, language and client kind for every call,
 * the envelope for every answer, and one place that turns failures into envelopes.
 */
export function createApi(deps: Deps) {
  const app = new OpenAPIHono<ApiEnv>({ strict: false }).basePath("/api");

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id") || randomUUID();
    const lang = langFromHeader(c.req.header("lang"));
    c.set("requestId", requestId);
    c.set("lang", lang);
    c.set("t", translator(lang));
    c.set("from", c.req.header("from") === "pc" ? "pc" : "mobile");
    c.set("deps", deps);
    await next();
    c.header("x-request-id", requestId);
  });

  app.onError((error, c) => {
    const t = c.get("t") ?? translator("en");
    const requestId = c.get("requestId") ?? randomUUID();
    if (error instanceof ApiError) {
      const body: Envelope<unknown> = {
        status_code: error.options.statusCode ?? error.status,
        message: t(error.messageKey, error.options.params),
        data: error.options.data ?? null,
      };
      if (error.options.errors) {
        body.errors = Object.fromEntries(
          Object.entries(error.options.errors).map(([field, keys]) => [field, keys.map((k) => t(k))]),
        );
        // A client that shows only `message` (the spec's does) must still say what is wrong:
        // the generic "check the highlighted fields" becomes the first field's own message.
        const first = Object.values(body.errors)[0]?.[0];
        if (error.messageKey === "errors.validation_failed" && first) body.message = first;
      }
      return c.json(body, error.status, error.options.headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const key =
        error.status === 413
          ? "errors.payload_too_large"
          : error.status === 415
            ? "errors.unsupported_media_type"
            : "errors.bad_request";
      return c.json({ status_code: error.status, message: t(key), data: null }, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or the connection dropped: nothing was changed (the
      // transaction did not commit), and the pool reconnects on the next request.
      deps.logger.warn({ err: error, requestId, path: c.req.path }, "database unavailable");
      return c.json({ status_code: 503, message: t("errors.unavailable"), data: null }, 503, {
        "Retry-After": "5",
      });
    }
    deps.logger.error(
      { err: error, requestId, method: c.req.method, path: c.req.path },
      "unhandled error in /api",
    );
    return c.json(
      { status_code: 500, message: t("errors.internal", { requestId }), data: null, request_id: requestId },
      500,
    );
  });

  app.notFound((c) => {
    const t = c.get("t") ?? translator("en");
    return c.json({ status_code: 404, message: t("errors.not_found"), data: null }, 404);
  });

  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    description: "The `token` from /api/login or /api/register.",
  });

  return {
    app,
    deps,
    /** Declares one operation; see defineRoute. */
    route<
      Q extends z.ZodType | undefined,
      B extends z.ZodType | undefined,
      R extends z.ZodType,
      A extends "required" | "optional" | undefined = undefined,
    >(
      spec: RouteSpec<Q, B, R, A>,
      handler: (input: RouteInput<Q, B>, ctx: HandlerContext<A>) => Promise<z.input<R>> | z.input<R>,
    ) {
      defineRoute(app, spec, handler);
    },
  };
}

/**
 * A lost or refused database connection (PostgreSQL's connection and shutdown error classes,
 * socket errors, node-postgres' own messages), looked for along the error's causes (Drizzle wraps).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (/^(08|53|57P0)/.test(code) || /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|connection timeout|Client has encountered a connection error|not currently accepting connections/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
