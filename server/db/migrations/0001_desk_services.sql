CREATE TABLE "news_texts" (
	"news_id" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TABLE "video_jobs" (
	"project_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"state" text DEFAULT 'following' NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"result_url" text,
	"error" text,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_jobs_due" ON "video_jobs" USING btree ("state","next_poll_at");