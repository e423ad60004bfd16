-- The spot engine's log: each batch's inputs, so that replaying it gives the same fills.
CREATE TABLE "engine_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
