import type { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { fieldErrors } from "../contract/validation.ts";
import { formToObject, readBody } from "./body.ts";
import type { ApiContext, ApiEnv, AuthUser, Deps } from "./context.ts";
import { ApiError } from "./errors.ts";
import type { Translate } from "./i18n.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type RouteSpec<
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
  A extends "required" | "optional" | undefined,
> = {
  method: Method | Method[];
  /** Literal path under /api, e.g. "/user/info" (the spec's calls take no path parameters). */
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  auth?: A;
  query?: Q;
  body?: B;
  /** The shape of `data` in a successful envelope (documentation and handler typing). */
  response: R;
  /** Largest accepted body in bytes (default 64 KB; uploads raise it). */
  bodyLimit?: number;
  /** The message key of a body over the limit (default errors.payload_too_large). */
  tooLargeMessage?: string;
  /** Document the body as multipart only (file uploads). */
  multipart?: boolean;
};

export type HandlerContext<A> = {
  c: ApiContext;
  deps: Deps;
  t: Translate;
  lang: ApiEnv["Variables"]["lang"];
  from: ApiEnv["Variables"]["from"];
  requestId: string;
  ip: string;
  userAgent: string;
  user: A extends "required" ? AuthUser : AuthUser | undefined;
  /** Replaces the default "Success" message of the envelope (a message key). */
  setMessage(key: string, params?: Record<string, string | number>): void;
};

export type RouteInput<Q, B> = { query: Out<Q>; body: Out<B> };

const envelopeOf = (data: Schema) => z.object({ status_code: z.literal(200), message: z.string(), data });

export function bearerToken(c: ApiContext): string | undefined {
  const header = c.req.header("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Declares one /api operation: the same zod schemas validate the request (query, and a body sent
 * as JSON, form or multipart) and describe it in the OpenAPI document; the handler returns `data`
 * and the envelope is added here, so every route answers the same way.
 */
export function defineRoute<
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
  A extends "required" | "optional" | undefined = undefined,
>(
  app: OpenAPIHono<ApiEnv>,
  spec: RouteSpec<Q, B, R, A>,
  handler: (input: RouteInput<Q, B>, ctx: HandlerContext<A>) => Promise<z.input<R>> | z.input<R>,
) {
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const bodyTypes = spec.multipart
    ? ["multipart/form-data"]
    : ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
  for (const method of methods) {
    app.openAPIRegistry.registerPath({
      method,
      path: spec.path,
      tags: spec.tags,
      summary: spec.summary,
      description: spec.description,
      security: spec.auth ? [{ Bearer: [] }] : undefined,
      request: {
        query: spec.query as never,
        body:
          spec.body && method !== "get"
            ? {
                required: true,
                content: Object.fromEntries(bodyTypes.map((type) => [type, { schema: spec.body }])),
              }
            : undefined,
      },
      responses: {
        200: {
          description: "Success",
          content: { "application/json": { schema: envelopeOf(spec.response) } },
        },
        ...(spec.body || spec.query
          ? { 422: { description: "Invalid input: per-field `errors`", content: errorContent } }
          : {}),
        ...(spec.auth === "required"
          ? { 401: { description: "Not logged in or session ended", content: errorContent } }
          : {}),
      },
    });
  }

  const limit = bodyLimit({
    maxSize: spec.bodyLimit ?? 64 * 1024,
    onError: () => {
      throw new ApiError(413, spec.tooLargeMessage ?? "errors.payload_too_large");
    },
  });

  app.on(
    methods.map((m) => m.toUpperCase()),
    spec.path,
    limit,
    async (c) => {
      const t = c.get("t");
      let user: AuthUser | undefined;
      const token = bearerToken(c);
      if (token && spec.auth) user = await c.get("deps").authenticate(token);
      if (spec.auth === "required" && !user) throw new ApiError(401, "errors.unauthorized");

      const rawQuery = formToObject(new URL(c.req.url).searchParams);
      const rawBody = spec.body && c.req.method !== "GET" ? await readBody(c.req.raw) : {};
      const errors: Record<string, string[]> = {};
      let query: unknown = {};
      let body: unknown = {};
      if (spec.query) {
        const parsed = spec.query.safeParse(rawQuery);
        if (parsed.success) query = parsed.data;
        else Object.assign(errors, fieldErrors(parsed.error));
      }
      if (spec.body) {
        const parsed = spec.body.safeParse(rawBody);
        if (parsed.success) body = parsed.data;
        else Object.assign(errors, fieldErrors(parsed.error));
      }
      // PostgreSQL's text holds no NUL character: a field with one is refused here, whatever its
      // schema says (an operator's rejection reason with one was a 500, found by the form fuzz).
      for (const field of [...withNul(rawQuery), ...withNul(rawBody)]) {
        errors[field] ??= ["validation.invalid_format"];
      }
      if (Object.keys(errors).length > 0) {
        throw new ApiError(422, "errors.validation_failed", { errors });
      }

      let message: { key: string; params?: Record<string, string | number> } = { key: "ok" };
      const data = await handler({ query, body } as RouteInput<Q, B>, {
        c,
        deps: c.get("deps"),
        t,
        lang: c.get("lang"),
        from: c.get("from"),
        requestId: c.get("requestId"),
        ip: c.req.header("x-client-ip") ?? "",
        userAgent: c.req.header("user-agent") ?? "",
        user: user as HandlerContext<A>["user"],
        setMessage: (key, params) => {
          message = { key, params };
        },
      });
      return c.json({ status_code: 200, message: t(message.key, message.params), data: data ?? null });
    },
  );
}

/** The top-level fields of a request whose text (nested included) has a NUL character. */
function withNul(input: unknown): string[] {
  const has = (v: unknown): boolean =>
    typeof v === "string"
      ? v.includes("\u0000")
      : Array.isArray(v)
        ? v.some(has)
        : typeof v === "object" && v !== null && !(v instanceof Blob) && Object.values(v).some(has);
  if (typeof input !== "object" || input === null) return has(input) ? ["body"] : [];
  return Object.entries(input)
    .filter(([, v]) => has(v))
    .map(([k]) => k);
}

const errorContent = {
  "application/json": {
    schema: {
      type: "object",
      properties: {
        status_code: { type: "integer" },
        message: { type: "string" },
        data: { type: "null" },
        errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
      required: ["status_code", "message", "data"],
    },
  },
} as never;
