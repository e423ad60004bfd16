import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Site-wide fields an operator edits (contact e-mail, support links, site name…), one row each. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Notices, academy articles, news and the protocol pages; `type` follows the spec's post types. */
export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    type: integer("type").notNull(),
    slug: text("slug").unique(),
    sort: integer("sort").notNull().default(0),
    /** Academy articles: their category (contract/content.ts ACADEMY_CATEGORIES). */
    category: text("category"),
    /** Shown first (the academy's featured articles). */
    featured: boolean("featured").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an operator unpublishes the post: customers no longer see it (lists, reads by id
     * or slug), the console still does and can publish it again. Never deleted, so the audit log's
     * before/after stays readable and seeding (by slug) does not bring a withdrawn post back.
     */
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("posts_type_idx").on(t.type, t.publishedAt)],
);

/** A post's title and body in one language; English is the fallback when a language is missing. */
export const postTranslations = pgTable(
  "post_translations",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.lang] })],
);

/** Banners and other slides; `type` 2 is the home page's banners (GET /api/slides/show?type=2). */
export const slides = pgTable("slides", {
  id: serial("id").primaryKey(),
  type: integer("type").notNull(),
  /** A stable name, so seeding never adds a slide twice. */
  slug: text("slug").unique(),
  sort: integer("sort").notNull().default(0),
  /** Where a tap goes: a path on this site (`/share`) or an https URL. */
  link: text("link").notNull().default(""),
  /** Background artwork without text (the text is translated and drawn over it). */
  image: text("image").notNull().default(""),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A slide's words in one language; English is the fallback. */
export const slideTranslations = pgTable(
  "slide_translations",
  {
    slideId: integer("slide_id")
      .notNull()
      .references(() => slides.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.slideId, t.lang] })],
);
