import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemoryBus } from "../bus/memory.ts";
import { loadConfig } from "../config.ts";
import "../contract/validation.ts";
import type { Db } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { createApi, isDatabaseUnavailable } from "./app.ts";
import { ApiError } from "./errors.ts";

function makeApi() {
  const logged: unknown[] = [];
  const logger = createLogger("silent");
  logger.error = ((obj: unknown) => {
    logged.push(obj);
  }) as typeof logger.error;
  const api = createApi({
    config: loadConfig({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DATA_DIR: "/tmp/unused" }),
    db: {} as Db,
    bus: createMemoryBus(),
    logger,
    authenticate: async (token) => {
      if (token === "good") return { id: 7, sessionId: "s" };
      throw new ApiError(401, "errors.token_expired", { statusCode: 50014 });
    },
  });
  api.route(
    {
      method: "post",
      path: "/echo",
      tags: ["Test"],
      summary: "echo",
      body: z.object({
        name: z.string().min(2),
        age: z.coerce.number().int().min(18),
        tags: z.array(z.string()).optional(),
      }),
      response: z.object({ name: z.string(), age: z.number(), tags: z.array(z.string()).optional() }),
    },
    ({ body }) => body,
  );
  api.route(
    {
      method: "get",
      path: "/me",
      tags: ["Test"],
      summary: "me",
      auth: "required",
      response: z.object({ id: z.number() }),
    },
    (_i, { user }) => ({ id: user.id }),
  );
  api.route({ method: "get", path: "/boom", tags: ["Test"], summary: "boom", response: z.null() }, () => {
    throw new Error("secret internals at /srv/db.ts:42");
  });
  return { api, logged };
}

const call = (api: ReturnType<typeof makeApi>["api"], path: string, init?: RequestInit) =>
  Promise.resolve(api.app.fetch(new Request(`http://x/api${path}`, init))).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe("the /api envelope", () => {
  it("wraps data and accepts JSON, form-encoded and multipart bodies alike", async () => {
    const { api } = makeApi();
    const json = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ann", age: "20" }),
    });
    expect(json).toEqual({
      status: 200,
      body: { status_code: 200, message: "Success", data: { name: "Ann", age: 20 } },
    });

    const form = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Ann&age=20&tags=a&tags=b&empty=",
    });
    expect(form.body.data).toEqual({ name: "Ann", age: 20, tags: ["a", "b"] });

    const fd = new FormData();
    fd.set("name", "Ann");
    fd.set("age", "20");
    const multipart = await call(api, "/echo", { method: "POST", body: fd });
    expect(multipart.body.data).toEqual({ name: "Ann", age: 20 });
  });

  it("answers 422 with a localized message per field, empty form fields counting as missing", async () => {
    const { api } = makeApi();
    const res = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", lang: "zh" },
      body: "name=&age=12",
    });
    expect(res.status).toBe(422);
    expect(res.body.status_code).toBe(422);
    expect(res.body.data).toBeNull();
    expect(Object.keys(res.body.errors)).toEqual(["name", "age"]);
    expect(res.body.errors.name[0]).not.toMatch(/validation\./);
    expect(res.body.message).not.toBe("Please check the highlighted fields"); // zh, not English
  });

  it("puts the first field's own message at the top of a 422, for clients that show only it", async () => {
    const { api } = makeApi();
    const res = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", lang: "en" },
      body: "name=&age=12",
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(res.body.errors.name[0]);
    expect(res.body.message).toBe("Cannot be empty");
  });

  it("localizes the message from the lang header (tw is zh-HT, unknown is English)", async () => {
    const { api } = makeApi();
    const en = await call(api, "/nope", { headers: { lang: "xx" } });
    const tw = await call(api, "/nope", { headers: { lang: "zh-HT" } });
    const ja = await call(api, "/nope", { headers: { lang: "ja" } });
    expect(en.body).toEqual({ status_code: 404, message: "Not found", data: null });
    expect(tw.body.message).not.toBe(en.body.message);
    expect(ja.body.message).not.toBe(en.body.message);
    expect(tw.body.message).not.toBe(ja.body.message);
  });

  it("refuses a missing or ended session with 401 and the session code", async () => {
    const { api } = makeApi();
    expect((await call(api, "/me")).body.status_code).toBe(401);
    const expired = await call(api, "/me", { headers: { authorization: "Bearer old" } });
    expect(expired.status).toBe(401);
    expect(expired.body.status_code).toBe(50014);
    const ok = await call(api, "/me", { headers: { authorization: "Bearer good" } });
    expect(ok.body.data).toEqual({ id: 7 });
  });

  it("turns an unexpected error into a 500 envelope with a request id and no internals", async () => {
    const { api, logged } = makeApi();
    const res = await call(api, "/boom", { headers: { "x-request-id": "req-123" } });
    expect(res.status).toBe(500);
    expect(res.body.status_code).toBe(500);
    expect(res.body.request_id).toBe("req-123");
    expect(JSON.stringify(res.body)).not.toMatch(/secret|srv|stack/);
    expect(res.body.message).toContain("req-123");
    expect(logged).toHaveLength(1);
  });

  it("refuses bad JSON (400), unknown media types (415) and bodies over the limit (413)", async () => {
    const { api } = makeApi();
    const bad = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.body.status_code).toBe(400);
    const xml = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: "<a/>",
    });
    expect(xml.body.status_code).toBe(415);
    const huge = await call(api, "/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(70_000), age: 20 }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.status_code).toBe(413);
  });
});

describe("a lost database connection", () => {
  it("is told apart from other errors, through the causes Drizzle wraps it in", () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: lost }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('database "x" is not currently accepting connections'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});
