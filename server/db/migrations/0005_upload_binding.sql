ALTER TABLE "appa_files" ADD COLUMN "bound_key" text;--> statement-breakpoint
ALTER TABLE "appa_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "bound_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;