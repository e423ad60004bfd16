CREATE TABLE "option_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"period_no" text NOT NULL,
	"round_start" bigint NOT NULL,
	"round_end" bigint NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"odds" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "option_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"period_seconds" integer NOT NULL,
	"odds" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"period_no" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"open_tick_id" bigint,
	"open_price" numeric(38, 18),
	"open_tick_time" bigint,
	"close_tick_id" bigint,
	"close_price" numeric(38, 18),
	"close_tick_time" bigint,
	"result" text NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "option_bets_user" ON "option_bets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "option_bets_pending" ON "option_bets" USING btree ("status","round_end");--> statement-breakpoint
CREATE UNIQUE INDEX "option_products_unique" ON "option_products" USING btree ("code","period_seconds");--> statement-breakpoint
CREATE UNIQUE INDEX "option_rounds_once" ON "option_rounds" USING btree ("product_id","start_time");--> statement-breakpoint
CREATE INDEX "option_rounds_product" ON "option_rounds" USING btree ("product_id","start_time");--> statement-breakpoint
CREATE INDEX "price_ticks_code_time" ON "price_ticks" USING btree ("code","time");