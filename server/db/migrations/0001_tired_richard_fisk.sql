CREATE TABLE "provider_keys" (
	"provider" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"masked" text NOT NULL,
	"last_tested" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"response_time" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
