import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, type WebServices } from "./context.ts";
import { createSessionStorage, flashToast, sessionMiddleware, takeToast } from "./session.ts";

const storage = createSessionStorage("test-secret", false);

/** One request through the session middleware; `handle` plays the loaders. Returns the new cookie. */
async function request(cookie: string | undefined, handle: (context: RouterContextProvider) => void) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { sessionStorage: storage } as unknown as WebServices);
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  const response = await sessionMiddleware(
    {
      request: new Request("http://localhost/trade", { headers }),
      context,
      params: {},
      unstable_pattern: "",
    },
    async () => {
      handle(context);
      return new Response("ok");
    },
  );
  const set = (response as Response).headers.get("Set-Cookie");
  return set ? set.split(";")[0] : cookie;
}

async function toastIn(cookie: string | undefined) {
  return (await storage.getSession(cookie)).get("toast");
}

describe("the toast a post leaves for the next page", () => {
  const done = { kind: "success", message: "Orders cancelled: 2" } as const;

  it("survives requests that do not show it (a screen's data reload, an image)", async () => {
    const posted = await request(undefined, (context) => flashToast(context, done));
    const reloaded = await request(posted, () => {});
    expect(await toastIn(reloaded)).toMatchObject(done);
  });

  it("is shown once, by the page whose root loader takes it", async () => {
    const posted = await request(undefined, (context) => flashToast(context, done));
    let shown: unknown;
    const page = await request(posted, (context) => {
      shown = takeToast(context);
    });
    expect(shown).toMatchObject(done);
    expect(await toastIn(page)).toBeUndefined();
  });

  it("a toast flashed while the previous one is shown waits for the next page", async () => {
    const posted = await request(undefined, (context) => flashToast(context, done));
    const expired = { kind: "info", message: "Your login has expired" } as const;
    let shown: unknown;
    const page = await request(posted, (context) => {
      flashToast(context, expired);
      shown = takeToast(context);
    });
    expect(shown).toMatchObject(done);
    expect(await toastIn(page)).toMatchObject(expired);
  });

  it("gives each toast its own id, so the same message twice is shown twice", async () => {
    const first = await toastIn(await request(undefined, (context) => flashToast(context, done)));
    const second = await toastIn(await request(undefined, (context) => flashToast(context, done)));
    expect(first?.id).toMatch(/^[\w-]{8}$/);
    expect(second?.id).not.toBe(first?.id);
  });
});
