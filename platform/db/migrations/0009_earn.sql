CREATE TABLE "daily_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_income" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"participation_id" integer,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"coin" text NOT NULL,
	"base" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"lock_days" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'participating' NOT NULL,
	"income" numeric(38, 18) DEFAULT '0' NOT NULL,
	"penalty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"exited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "earn_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"coin" text NOT NULL,
	"name_key" text NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"pool_total" numeric(38, 18) NOT NULL,
	"pool_remaining" numeric(38, 18) NOT NULL,
	"min_purchase" numeric(38, 18) NOT NULL,
	"max_purchase" numeric(38, 18) NOT NULL,
	"lock_days" integer DEFAULT 0 NOT NULL,
	"early_exit_penalty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launchpad_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"description_key" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"total_supply" numeric(38, 18) NOT NULL,
	"remaining" numeric(38, 18) NOT NULL,
	"min_per_user" numeric(38, 18) NOT NULL,
	"max_per_user" numeric(38, 18) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "launchpad_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	"tokens" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "daily_checkins_once" ON "daily_checkins" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_income_product_once" ON "earn_income" USING btree ("participation_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_income_fortune_once" ON "earn_income" USING btree ("user_id","source","day");--> statement-breakpoint
CREATE INDEX "earn_income_user" ON "earn_income" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "earn_participations_user" ON "earn_participations" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_products_name" ON "earn_products" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_rewards_once" ON "earn_rewards" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "launchpad_subscriptions_user" ON "launchpad_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "launchpad_subscriptions_project" ON "launchpad_subscriptions" USING btree ("project_id");