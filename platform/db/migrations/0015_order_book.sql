-- The order book: orders fill in parts (filled_quantity, fill_price = their average price),
-- each fill is a trade row, and the engine's batch counter serialises matching across instances.
ALTER TABLE "orders" ADD COLUMN "filled_quantity" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "filled_quantity" = "quantity" WHERE "status" = 'filled';--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"taker_order_id" integer,
	"taker_user_id" integer,
	"maker_order_id" integer,
	"maker_user_id" integer,
	"taker_side" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "trades_taker_idx" ON "trades" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "trades_maker_idx" ON "trades" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "trades_code_idx" ON "trades" USING btree ("code","id");--> statement-breakpoint
CREATE TABLE "engine_state" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "engine_state" ("name", "seq") VALUES ('spot', 0);
