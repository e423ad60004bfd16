CREATE TABLE "funding_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"funding_time" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"contract_type" text,
	"expiry" timestamp with time zone,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(38, 18),
	"quantity" numeric(38, 18) NOT NULL,
	"leverage" integer,
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"status" text DEFAULT 'open' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fill_price" numeric(38, 18),
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fill_tick_time" bigint,
	"position_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"pnl" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"tick_time" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"contract_type" text NOT NULL,
	"expiry" timestamp with time zone,
	"side" text NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"status" text DEFAULT 'open' NOT NULL,
	"realized_pnl" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fees" numeric(38, 18) DEFAULT '0' NOT NULL,
	"funding" numeric(38, 18) DEFAULT '0' NOT NULL,
	"close_price" numeric(38, 18),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_params" (
	"code" text PRIMARY KEY NOT NULL,
	"spot_enabled" boolean DEFAULT true NOT NULL,
	"contract_enabled" boolean DEFAULT true NOT NULL,
	"max_leverage" integer NOT NULL,
	"maintenance_rate" numeric(38, 18) NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"spot_fee" numeric(38, 18) NOT NULL,
	"min_quantity" numeric(38, 18) NOT NULL,
	"quantity_step" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "funding_once" ON "funding_payments" USING btree ("position_id","funding_time");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","market","status");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","code") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "position_closes_user_idx" ON "position_closes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "positions_user_idx" ON "positions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "positions_open_idx" ON "positions" USING btree ("status","code") WHERE "positions"."status" = 'open';