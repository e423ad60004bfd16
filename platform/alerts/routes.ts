import { z } from "zod";
import { alertIdInput, alertInput, alertSchema } from "../contract/alerts.ts";
import type { Api } from "../http/app.ts";
import { type AlertsDeps, createAlert, deleteAlert, listAlerts, rearmAlert } from "./service.ts";

const tags = ["Price alerts"];

/** A signed-in customer's price alerts: list, add, delete, arm again. */
export function alertRoutes(api: Api, deps: AlertsDeps) {
  api.route(
    {
      method: "get",
      path: "/alerts/list",
      tags,
      summary: "The user's price alerts, newest first (armed and fired)",
      auth: "required",
      response: z.array(alertSchema),
    },
    (_input, { user }) => listAlerts(deps.db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/alerts/add",
      tags,
      summary:
        "Sets an alert: `above` or `below` a price (on the right side of the price now), or a `move` of `percent` % within `window` minutes (15, 60 or 240); at most 20 armed",
      auth: "required",
      body: alertInput,
      response: alertSchema,
    },
    async ({ body }, ctx) => {
      const alert = await createAlert(deps, ctx.user.id, body);
      ctx.setMessage("alerts.added");
      return alert;
    },
  );

  api.route(
    {
      method: "post",
      path: "/alerts/delete",
      tags,
      summary: "Deletes one of the user's alerts (another user's is a 404)",
      auth: "required",
      body: alertIdInput,
      response: alertSchema,
    },
    async ({ body }, ctx) => {
      const alert = await deleteAlert(deps, ctx.user.id, body.id);
      ctx.setMessage("alerts.deleted");
      return alert;
    },
  );

  api.route(
    {
      method: "post",
      path: "/alerts/rearm",
      tags,
      summary: "Arms a fired alert again, checked against the price now as a new one is",
      auth: "required",
      body: alertIdInput,
      response: alertSchema,
    },
    async ({ body }, ctx) => {
      const alert = await rearmAlert(deps, ctx.user.id, body.id);
      ctx.setMessage("alerts.rearmed");
      return alert;
    },
  );
}
