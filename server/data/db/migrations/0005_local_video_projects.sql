ALTER TABLE "video_projects" ADD COLUMN "media_id" text;--> statement-breakpoint
ALTER TABLE "video_projects" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "video_projects" ADD CONSTRAINT "video_projects_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Renders the pipeline filed before this version join My Projects too (a provider's copied video stays with its project).
INSERT INTO "video_projects" ("id", "title", "status", "progress", "avatar", "platform", "duration", "created_at", "url", "media_id")
SELECT DISTINCT ON (m."id") 'vp-' || m."id", m."title", 'completed', 100, '', 'local', coalesce(m."duration", '0:00'),
  to_char(r."started_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), NULL, m."id"
FROM "media" m
JOIN "run_artefacts" a ON a."ref_id" = m."id" AND a."kind" = 'video' AND a."stage" = 'Video Gen'
JOIN "runs" r ON r."id" = a."run_id"
WHERE m."type" = 'video' AND m."file_name" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "run_artefacts" p WHERE p."run_id" = a."run_id" AND p."stage" = 'Video Gen' AND p."kind" = 'video' AND p."ref_id" LIKE 'vp-%')
ORDER BY m."id", r."started_at"
ON CONFLICT ("id") DO NOTHING;
