CREATE TABLE "social_post_media" (
	"result_id" text PRIMARY KEY NOT NULL,
	"media_id" text,
	"media_type" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_post_media" ADD CONSTRAINT "social_post_media_result_id_social_post_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."social_post_results"("id") ON DELETE cascade ON UPDATE no action;