CREATE TABLE "user_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_user_idx" ON "user_activity" USING btree ("user_id","active_from");--> statement-breakpoint
-- The organisation-local date of an instant: the timezone Configuración saves, Lima by default.
CREATE FUNCTION "appa_org_date"("at" timestamp with time zone) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT ("at" AT TIME ZONE coalesce(
    (SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'organisationTimezone'),
    'America/Lima'
  ))::date
$$;
--> statement-breakpoint
-- Keeps user_activity in step with users.status, whichever statement changes it: a person created
-- ACTIVO starts a span on the day of created_at; leaving ACTIVO ends the open span, and coming back
-- starts a new one, on the day of status_changed_at when the statement set it, else of now().
CREATE FUNCTION "appa_track_activity"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "day" date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" = 'ACTIVO' THEN
      INSERT INTO "user_activity" ("user_id", "active_from")
      VALUES (NEW."id", "appa_org_date"(NEW."created_at"));
    END IF;
    RETURN NEW;
  END IF;
  IF NEW."status" IS NOT DISTINCT FROM OLD."status" THEN
    RETURN NEW;
  END IF;
  "day" := "appa_org_date"(CASE
    WHEN NEW."status_changed_at" IS DISTINCT FROM OLD."status_changed_at" THEN NEW."status_changed_at"
    ELSE now()
  END);
  IF OLD."status" = 'ACTIVO' THEN
    UPDATE "user_activity" SET "active_to" = "day"
    WHERE "user_id" = NEW."id" AND "active_to" IS NULL;
  END IF;
  IF NEW."status" = 'ACTIVO' THEN
    INSERT INTO "user_activity" ("user_id", "active_from") VALUES (NEW."id", "day");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_track_activity"
AFTER INSERT OR UPDATE OF "status" ON "users"
FOR EACH ROW EXECUTE FUNCTION "appa_track_activity"();
--> statement-breakpoint
-- The people already there: active since the day they were created; a suspended person until
-- the last recorded change of their status (else their last update).
INSERT INTO "user_activity" ("user_id", "active_from", "active_to")
SELECT "u"."id", "appa_org_date"("u"."created_at"),
  CASE WHEN "u"."status" = 'ACTIVO' THEN NULL ELSE "appa_org_date"(coalesce(
    (SELECT max("a"."created_at") FROM "audit_log" "a"
     WHERE "a"."entity_id" = "u"."id" AND "a"."action" = 'user.status_changed'),
    "u"."updated_at"
  )) END
FROM "users" "u"
-- (Not by naming PENDIENTE: an enum value added in the same transaction cannot be used yet.)
WHERE "u"."status" IN ('ACTIVO', 'SUSPENDIDO');
