import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateApiTypes } from "../../scripts/api-types.ts";

describe("platform/contract/api-types.ts", () => {
  // The web app's client is typed from this file: a route changed without regenerating it would
  // let the app call the old shape unchecked.
  it("is what the route definitions generate (node --import tsx scripts/api-types.ts rewrites it)", () => {
    const committed = readFileSync(new URL("./api-types.ts", import.meta.url), "utf8");
    expect(generateApiTypes()).toBe(committed);
  }, 120_000);
});
