-- One income row per participation and day: the fortune index covered product rows too, so a
-- customer's second participation was skipped every day (issue 18, finding 1).
DROP INDEX "earn_income_fortune_once";--> statement-breakpoint
CREATE UNIQUE INDEX "earn_income_fortune_once" ON "earn_income" USING btree ("user_id","day") WHERE "source" = 'fortune';--> statement-breakpoint
-- A locked product pays exactly its lock in whole UTC days from the day after joining and
-- matures at the midnight after the last one (finding 3): running locks move to that maturity.
UPDATE "earn_participations" SET "ends_at" = (date_trunc('day', "started_at" AT TIME ZONE 'UTC') + ("lock_days" + 1) * interval '1 day') AT TIME ZONE 'UTC' WHERE "status" = 'participating' AND "lock_days" > 0;
--> statement-breakpoint
-- The first-participation reward waits for a minimum deposit held for a holding period
-- (finding 2); rewards already paid stay paid.
ALTER TABLE "earn_rewards" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_rewards" ADD COLUMN "vests_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earn_rewards" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "earn_rewards" SET "paid_at" = "created_at";--> statement-breakpoint
CREATE INDEX "earn_rewards_vesting" ON "earn_rewards" USING btree ("status","vests_at");
--> statement-breakpoint
-- A conversion quote converts only within its desk's price tolerance (finding 11).
ALTER TABLE "exchange_quotes" ADD COLUMN "price_tolerance" numeric(38, 18) DEFAULT '0.005' NOT NULL;
