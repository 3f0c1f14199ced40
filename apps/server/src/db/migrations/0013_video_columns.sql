ALTER TABLE "tenants" ADD COLUMN "video_stream_url" varchar(500) DEFAULT '/api/media/live/{serial}/{camera}/index.m3u8?t={token}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "video_history_url" varchar(500) DEFAULT '/api/media/history/{serial}/{camera}/index.m3u8?from={from}&to={to}&t={token}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "video_file_url" varchar(500) DEFAULT '/api/media/clip/{serial}/{camera}?from={from}&to={to}&t={token}' NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "cameras" jsonb DEFAULT '[]'::jsonb NOT NULL;