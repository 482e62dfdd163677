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
ALTER TABLE "run_stages" ADD CONSTRAINT "run_stages_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_workflow_idx" ON "runs" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "runs_status_idx" ON "runs" USING btree ("status");