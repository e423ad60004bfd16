import { describe, expect, it } from "vitest";
import { loginRedirect } from "./.server/guards.ts";
import { ROUTES, screenFor } from "./route-table.ts";

describe("the route table", () => {
  it("finds screens for page and data requests", () => {
    expect(screenFor("/")?.name).toBe("home");
    expect(screenFor("/_root.data")?.name).toBe("home");
    expect(screenFor("/download.data")?.name).toBe("download");
    expect(screenFor("/download/")?.name).toBe("download");
    expect(screenFor("/nope")).toBeUndefined();
  });

  it("opens only the spec's public route names without a session", () => {
    const specPublic = new Set([
      "login",
      "password_validation",
      "resgister",
      "register2",
      "reset_password",
      "code",
      "code_res",
      "reset_password2",
      "success_modified",
      "resgister_success",
      "protocol",
      "customer_service",
      "noticelist",
      "language",
      "areacode",
      "home",
      "tradeing",
      "fortune",
    ]);
    for (const route of ROUTES) expect(Boolean(route.public), route.name).toBe(specPublic.has(route.name));
  });

  it("sends the guard's visitors to login with a clean way back", () => {
    expect(loginRedirect(new URL("http://x/download?x=1"))).toBe("/login?redirectTo=%2Fdownload%3Fx%3D1");
    expect(loginRedirect(new URL("http://x/download.data?_routes=routes%2Fdownload"))).toBe(
      "/login?redirectTo=%2Fdownload",
    );
  });
});
