// The uploads domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export {
  type CheckedImage,
  checkImage,
  deleteUpload,
  imageResponse,
  locateUpload,
  readUpload,
  saveImages,
  UPLOAD_BODY_LIMIT,
  uploadIdOf,
  uploadPath,
  uploadStore,
} from "./service.ts";
export type { UploadStore } from "./storage.ts";
