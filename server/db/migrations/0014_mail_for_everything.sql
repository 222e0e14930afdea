ALTER TABLE "mail_queue" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "kind" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "html" text;--> statement-breakpoint
CREATE INDEX "mail_queue_recent_idx" ON "mail_queue" USING btree ("status","created_at");