-- Funding is charged at each funding time from the positions and the mark as they stood then,
-- every missed time once (issue 18, finding 10). One row per instrument and funding time fixes
-- its mark and rate for every position; one row per funding time says it was worked through.
CREATE TABLE "funding_rounds" (
	"code" text NOT NULL,
	"funding_time" timestamp with time zone NOT NULL,
	"mark" numeric(38, 18),
	"mark_time" timestamp with time zone,
	"rate" numeric(38, 18) NOT NULL,
	"long_notional" numeric(38, 18) NOT NULL,
	"short_notional" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_rounds_code_funding_time_pk" PRIMARY KEY("code","funding_time")
);--> statement-breakpoint
CREATE TABLE "funding_times" (
	"funding_time" timestamp with time zone PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone
);--> statement-breakpoint
-- Times already paid count as done: the first pass after this catches up from the latest one.
INSERT INTO "funding_times" ("funding_time", "completed_at") SELECT DISTINCT "funding_time", now() FROM "funding_payments";--> statement-breakpoint
ALTER TABLE "funding_payments" ADD COLUMN "quantity" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "funding_payments" ADD COLUMN "mark" numeric(38, 18);--> statement-breakpoint
CREATE INDEX "position_closes_position_idx" ON "position_closes" USING btree ("position_id","created_at");--> statement-breakpoint
CREATE INDEX "positions_closed_at_idx" ON "positions" USING btree ("closed_at");
