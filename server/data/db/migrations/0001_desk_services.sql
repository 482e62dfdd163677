CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"unique_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_texts" (
	"news_id" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_verifier" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"platform" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"account" text,
	"state" text DEFAULT 'ok' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "run_stages" (
	"run_id" text NOT NULL,
	"stage" text NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"started_at" text,
	"finished_at" text,
	"duration_ms" integer,
	"error" text,
	CONSTRAINT "run_stages_run_id_stage_pk" PRIMARY KEY("run_id","stage")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"workflow_id" text NOT NULL,
	"topic" text NOT NULL,
	"status" text NOT NULL,
	"execution_id" text,
	"token_hash" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "runs_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "social_post_results" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"platform" text NOT NULL,
	"status" text NOT NULL,
	"content" text NOT NULL,
	"title" text,
	"media_url" text,
	"scheduled_at" timestamp with time zone,
	"time_zone" text,
	"remote_id" text,
	"error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_post_results_seq_unique" UNIQUE("seq")
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
ALTER TABLE "run_stages" ADD CONSTRAINT "run_stages_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "runs_workflow_idx" ON "runs" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "runs_status_idx" ON "runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "social_post_results_post_idx" ON "social_post_results" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "video_jobs_due" ON "video_jobs" USING btree ("state","next_poll_at");