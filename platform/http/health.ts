import { z } from "zod";
import type { Api } from "./app.ts";

export type ComponentHealth = { status: "up" | "down" | "off"; [detail: string]: unknown };
export type HealthCheck = () => Promise<ComponentHealth> | ComponentHealth;

/** GET /api/health: each component's state; 503 when a component that must be up is down. */
export function healthRoutes(api: Api, checks: Record<string, HealthCheck>) {
  api.app.get("/health", async (c) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          return [name, await check()] as const;
        } catch (error) {
          return [name, { status: "down", error: String(error) }] as const;
        }
      }),
    );
    const data = Object.fromEntries(entries);
    const down = entries.some(([, h]) => h.status === "down");
    const status = down ? 503 : 200;
    return c.json({ status_code: status, message: down ? "degraded" : "ok", data }, status);
  });
  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/health",
    tags: ["System"],
    summary: "State of the database, the bus and the market feed (503 when one is down)",
    responses: {
      200: {
        description: "All up",
        content: {
          "application/json": {
            schema: z.object({
              status_code: z.number(),
              message: z.string(),
              data: z.record(z.string(), z.object({ status: z.enum(["up", "down", "off"]) }).loose()),
            }),
          },
        },
      },
      503: { description: "A component is down" },
    },
  });
}
