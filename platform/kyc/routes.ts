import { z } from "zod";
import { advancedBody, kycStatusSchema, primaryBody } from "../contract/kyc.ts";
import type { Api } from "../http/app.ts";
import type { Deps } from "../http/context.ts";
import { checkImage, UPLOAD_BODY_LIMIT, uploadStore } from "../uploads/index.ts";
import { kycStatus, submitAdvanced, submitPrimary } from "./service.ts";

/** Identity verification: the state of both levels, and submitting each. */
export function kycRoutes(api: Api, deps: Deps) {
  api.route(
    {
      method: "get",
      path: "/user/kyc",
      tags: ["Verification"],
      summary: "Identity verification: the state of the primary and the advanced level",
      description:
        "Each level is unauthenticated, pending (under review), authenticated or rejected (with `reason`; submit again). " +
        "Advanced can be submitted once primary is authenticated (`can_submit`).",
      auth: "required",
      response: kycStatusSchema,
    },
    (_input, { user }) => kycStatus(deps.db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/user/kyc/primary",
      tags: ["Verification"],
      summary: "Submit primary verification: real name, ID number, country, document type",
      description:
        "Refused (409) while one is under review or once verified; after a rejection it can be submitted again. " +
        "A document another account has under review or verified is refused.",
      auth: "required",
      body: primaryBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      await submitPrimary(deps.db, ctx.user.id, {
        realName: body.real_name,
        idNumber: body.id_number,
        country: body.country,
        documentType: body.document_type,
      });
      ctx.setMessage("kyc.submitted");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/user/kyc/advanced",
      tags: ["Verification"],
      summary: "Submit advanced verification: the ID's front, its back, and a photo holding it",
      description:
        'Multipart. Each file a JPEG, PNG or WebP image (checked by content), at most 2 MB ("File exceeds 2M"). ' +
        "Open only once primary is authenticated (403 otherwise).",
      auth: "required",
      multipart: true,
      bodyLimit: UPLOAD_BODY_LIMIT,
      tooLargeMessage: "uploads.too_large",
      body: advancedBody,
      response: z.null(),
    },
    async ({ body }, ctx) => {
      const images = {
        front: await checkImage(body.front, "front"),
        back: await checkImage(body.back, "back"),
        holding: await checkImage(body.holding, "holding"),
      };
      await submitAdvanced(deps.db, uploadStore(deps.config), ctx.user.id, images);
      ctx.setMessage("kyc.submitted");
      return null;
    },
  );
}
