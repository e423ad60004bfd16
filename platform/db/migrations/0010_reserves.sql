CREATE TABLE "reserve_leaves" (
	"snapshot_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"balances" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_hash" text NOT NULL,
	"totals" jsonb NOT NULL,
	"customers" integer NOT NULL,
	"published_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_leaves_user" ON "reserve_leaves" USING btree ("snapshot_id","user_id");