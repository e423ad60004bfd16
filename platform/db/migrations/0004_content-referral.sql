CREATE TABLE "slide_translations" (
	"slide_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	CONSTRAINT "slide_translations_slide_id_lang_pk" PRIMARY KEY("slide_id","lang")
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"slug" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slides_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "agent_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"code_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slide_translations" ADD CONSTRAINT "slide_translations_slide_id_slides_id_fk" FOREIGN KEY ("slide_id") REFERENCES "public"."slides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_codes_code_unique" ON "agent_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_address_unique" ON "agents" USING btree ("address");--> statement-breakpoint
CREATE INDEX "posts_type_idx" ON "posts" USING btree ("type","published_at");