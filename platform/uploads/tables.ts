import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../identity/tables.ts";

/**
 * Files users upload (identity documents, avatars): checked images, kept under
 * DATA_DIR/uploads by a random name, served only to their owner (and to operators).
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["kyc_front", "kyc_back", "kyc_holding", "avatar", "support"],
    }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    /** Path under DATA_DIR/uploads. */
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);
