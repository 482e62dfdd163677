ALTER TABLE "news" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "news_texts" ADD COLUMN "teaser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_texts" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "news_texts" ADD COLUMN "disclosure" text;--> statement-breakpoint
ALTER TABLE "news_texts" ADD COLUMN "reviewed" boolean;--> statement-breakpoint
ALTER TABLE "news_texts" ADD COLUMN "skipped" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_slug_unique" UNIQUE("slug");