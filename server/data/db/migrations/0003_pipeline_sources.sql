CREATE TABLE "run_artefacts" (
	"seq" bigserial NOT NULL,
	"run_id" text NOT NULL,
	"stage" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	CONSTRAINT "run_artefacts_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "source_item_origins" (
	"item_id" text NOT NULL,
	"source_id" text NOT NULL,
	"source_name" text NOT NULL,
	"url" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_item_origins_item_id_source_id_pk" PRIMARY KEY("item_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "source_items" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"summary" text NOT NULL,
	"body" text,
	"author" text,
	"published_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "source_items_seq_unique" UNIQUE("seq"),
	CONSTRAINT "source_items_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"seq" bigserial NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetch_at" timestamp with time zone,
	"last_status" integer,
	"last_new_items" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sources_seq_unique" UNIQUE("seq"),
	CONSTRAINT "sources_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "run_stages" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "engine" text DEFAULT 'n8n' NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "run_artefacts" ADD CONSTRAINT "run_artefacts_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_item_origins" ADD CONSTRAINT "source_item_origins_item_id_source_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."source_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_artefacts_run_idx" ON "run_artefacts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "source_items_title_key_idx" ON "source_items" USING btree ("title_key");--> statement-breakpoint
CREATE INDEX "source_items_fetched_idx" ON "source_items" USING btree ("fetched_at");