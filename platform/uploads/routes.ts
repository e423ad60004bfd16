import { uploadIdQuery } from "../contract/kyc.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import { bearerToken } from "../http/route.ts";
import { imageResponse, readUpload, uploadStore } from "./service.ts";

/**
 * An uploaded file's bytes, for its owner only (anyone else: 404, as for no file). Not an
 * envelope: the image itself, never cached by shared caches, never sniffed or run as a page.
 */
export function uploadRoutes(api: Api) {
  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/user/upload",
    tags: ["Verification"],
    summary: "An uploaded image (identity document, avatar), for its owner only",
    security: [{ Bearer: [] }],
    request: { query: uploadIdQuery as never },
    responses: {
      200: { description: "The image (JPEG, PNG or WebP)" },
      401: { description: "Not logged in" },
      404: { description: "No such file, or not yours" },
    },
  });
  api.app.get("/user/upload", async (c) => {
    const token = bearerToken(c);
    if (!token) throw new ApiError(401, "errors.unauthorized");
    const deps = c.get("deps");
    const user = await deps.authenticate(token);
    const file = await readUpload(deps.db, uploadStore(deps.config), c.req.query("id") ?? "", {
      userId: user.id,
    });
    return imageResponse(file, "private, max-age=86400", { "content-disposition": "inline" });
  });
}
