CREATE TABLE "avatars" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"preview" text NOT NULL,
	"voice" text NOT NULL,
	"platform" text NOT NULL,
	CONSTRAINT "avatars_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"time" text NOT NULL,
	"date" text NOT NULL,
	"platform" text NOT NULL,
	CONSTRAINT "broadcasts_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_values" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"size" text NOT NULL,
	"duration" text,
	"date" text NOT NULL,
	"thumbnail" text NOT NULL,
	"url" text,
	"file_name" text,
	"mime" text,
	"bytes" integer,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "media_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"published_at" text,
	"views" integer DEFAULT 0 NOT NULL,
	"engagement" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "news_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "pipeline_steps" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pipeline_steps_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "post_templates" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "post_templates_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"platform" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"engagement" double precision DEFAULT 0 NOT NULL,
	"publish_date" text NOT NULL,
	"category" text NOT NULL,
	"content" text,
	CONSTRAINT "posts_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "scheduled_posts" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"platform" text NOT NULL,
	"time" text NOT NULL,
	"status" text NOT NULL,
	"content" text,
	CONSTRAINT "scheduled_posts_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "social_platforms" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "social_platforms_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"access" text NOT NULL,
	CONSTRAINT "users_seq_unique" UNIQUE("seq"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "video_projects" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"avatar" text NOT NULL,
	"platform" text NOT NULL,
	"duration" text NOT NULL,
	"created_at" text NOT NULL,
	"url" text,
	CONSTRAINT "video_projects_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"workflow_id" text DEFAULT 'ai-news' NOT NULL,
	"timestamp" text NOT NULL,
	"status" text NOT NULL,
	"duration" text NOT NULL,
	"topic" text NOT NULL,
	"log" jsonb,
	CONSTRAINT "workflow_runs_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "posts_status_idx" ON "posts" USING btree ("status");