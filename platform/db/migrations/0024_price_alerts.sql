-- Customers' price alerts (issue 21): a level above or below, or a move within a window.
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(38, 18),
	"percent" numeric(38, 18),
	"window_minutes" integer,
	"status" text DEFAULT 'armed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"armed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"armed_price" numeric(38, 18) NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(38, 18)
);
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_armed_idx" ON "price_alerts" USING btree ("status","code");
