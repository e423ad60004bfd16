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
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
import { ApiError } from "../http/errors.ts";
import { readUpload, uploadStore } from "../uploads/index.ts";
import { type AccountNames, decideKyc, kycDetail, kycQueue } from "./admin.ts";
import { isKycDocument } from "./service.ts";

/**
 * The console's identity-verification calls: the review queue, one verification with its
 * documents, the decisions (reviewer) and the documents' images. Mounted by the console (admin),
 * which hands in the operator's check and the audit writer, and identity's account names.
 */
export function kycAdminRoutes(api: Api, admin: Console, accountNamesOf: AccountNames) {
  // --- KYC ---
  api.route(
    {
      method: "get",
      path: "/admin/kyc",
      tags: CONSOLE_TAGS,
      summary: "Identity verifications, newest first (pending by default)",
      description: CONSOLE_DESCRIPTION,
      query: adminKycQueueQuery,
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await admin.operator(c, "read");
      return kycQueue(d.db, accountNamesOf, query.status);
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/kyc/show",
      tags: CONSOLE_TAGS,
      summary: "One verification with its documents (their images at /api/admin/kyc/document)",
      description: CONSOLE_DESCRIPTION,
      query: adminIdQuery,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ query }, { c, deps: d }) => {
      await admin.operator(c, "read");
      return kycDetail(d.db, accountNamesOf, query.id);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/kyc/approve",
      tags: CONSOLE_TAGS,
      summary: "Approves a pending verification (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideKyc(d.db, accountNamesOf, by, body.id, { approve: true });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/kyc/reject",
      tags: CONSOLE_TAGS,
      summary: "Rejects a pending verification with the reason the customer reads (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideKyc(d.db, accountNamesOf, by, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
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
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.bytes.length),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      },
    });
  });
}
