import { z } from "zod";
import {
  adminIdBody,
  adminIdQuery,
  adminKycQueueQuery,
  adminRejectBody,
  adminRows,
} from "../contract/admin.ts";
import { uploadIdQuery } from "../contract/kyc.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_TAGS, type Console } from "../http/console.ts";
import { ApiError } from "../http/errors.ts";
import { imageResponse, readUpload, uploadStore } from "../uploads/index.ts";
import { type AccountNames, decideKyc, kycDetail, kycQueue } from "./admin.ts";
import { isKycDocument } from "./service.ts";

/**
 * The console's identity-verification calls: the review queue, one verification with its
 * documents, the decisions (reviewer) and the documents' images. Mounted by the console (admin),
 * which hands in the operator's check and the audit writer, and identity's account names.
 */
export function kycAdminRoutes(api: Api, admin: Console, accountNamesOf: AccountNames) {
  // --- KYC ---
  admin.route(
    {
      method: "get",
      path: "/admin/kyc",
      summary: "Identity verifications, newest first (pending by default)",
      permission: "read",
      query: adminKycQueueQuery,
      response: adminRows,
    },
    ({ query }, { deps: d }) => kycQueue(d.db, accountNamesOf, query.status),
  );
  admin.route(
    {
      method: "get",
      path: "/admin/kyc/show",
      summary: "One verification with its documents (their images at /api/admin/kyc/document)",
      permission: "read",
      query: adminIdQuery,
      response: z.record(z.string(), z.unknown()),
    },
    ({ query }, { deps: d }) => kycDetail(d.db, accountNamesOf, query.id),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/kyc/approve",
      summary: "Approves a pending verification (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => decideKyc(d.db, accountNamesOf, by, body.id, { approve: true }),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/kyc/reject",
      summary: "Rejects a pending verification with the reason the customer reads (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) =>
      decideKyc(d.db, accountNamesOf, by, body.id, { approve: false, reason: body.reason }),
  );
  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/admin/kyc/document",
    tags: CONSOLE_TAGS,
    summary: "An identity document's image, for operators only",
    security: [{ Bearer: [] }],
    request: { query: uploadIdQuery as never },
    responses: {
      200: { description: "The image" },
      401: { description: "Not an operator" },
      404: { description: "No such document" },
    },
  });
  api.app.get("/admin/kyc/document", async (c) => {
    await admin.operator(c, "read");
    const { db, config } = c.get("deps");
    const id = c.req.query("id") ?? "";
    if (!(await isKycDocument(db, id))) throw new ApiError(404, "errors.not_found");
    const file = await readUpload(db, uploadStore(config), id, { operator: "console" });
    return imageResponse(file, "private, no-store");
  });
}
