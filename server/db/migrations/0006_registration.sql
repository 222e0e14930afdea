ALTER TYPE "public"."token_purpose" ADD VALUE 'EMAIL_VERIFICATION';--> statement-breakpoint
ALTER TYPE "public"."user_status" ADD VALUE 'PENDIENTE';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_notice_at" timestamp with time zone;