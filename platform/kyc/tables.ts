import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../identity/tables.ts";
import { uploads } from "../uploads/tables.ts";

/**
 * Identity verification, one row per submission (history kept): primary (name, ID number,
 * country, document type) and advanced (ID front, back, a photo holding it). The newest row of a
 * level is its state; an operator approves or rejects it, and who and when is recorded.
 */
export const kycApplications = pgTable(
  "kyc_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["primary", "advanced"] }).notNull(),
    status: text("status", { enum: ["pending", "authenticated", "rejected"] })
      .notNull()
      .default("pending"),
    realName: text("real_name"),
    idNumber: text("id_number"),
    country: text("country"),
    documentType: text("document_type"),
    frontUploadId: text("front_upload_id").references(() => uploads.id),
    backUploadId: text("back_upload_id").references(() => uploads.id),
    holdingUploadId: text("holding_upload_id").references(() => uploads.id),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    reason: text("reason"),
  },
  (t) => [
    index("kyc_user_idx").on(t.userId, t.level, t.submittedAt),
    index("kyc_status_idx").on(t.status, t.submittedAt),
    // At most one submission of a level waits for review.
    uniqueIndex("kyc_one_pending").on(t.userId, t.level).where(sql`status = 'pending'`),
  ],
);
