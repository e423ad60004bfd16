-- The operator's limits on the platform's liquidity quotes, per market: a spread outside the
-- reference feed's prices (a fraction) and a size cap per price level (null: the feed's size).
ALTER TABLE "trading_params" ADD COLUMN "liquidity_spread" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_params" ADD COLUMN "liquidity_max_size" numeric(38, 18);
