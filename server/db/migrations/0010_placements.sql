CREATE TABLE "user_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "role" NOT NULL,
	"manager_id" uuid,
	"unidad_organizacional" text,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
ALTER TABLE "user_placements" ADD CONSTRAINT "user_placements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_placements" ADD CONSTRAINT "user_placements_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_placements_user_idx" ON "user_placements" USING btree ("user_id","valid_from");--> statement-breakpoint
CREATE INDEX "user_placements_manager_idx" ON "user_placements" USING btree ("manager_id","valid_from");--> statement-breakpoint
-- The organisation-local day a change to a person happened: the day of status_changed_at when the
-- statement set it, else of updated_at when it set that (the services set both from their clock),
-- else of now().
CREATE FUNCTION "appa_change_day"("old_row" "users", "new_row" "users") RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT "appa_org_date"(CASE
    WHEN "new_row"."status_changed_at" IS DISTINCT FROM "old_row"."status_changed_at"
      THEN "new_row"."status_changed_at"
    WHEN "new_row"."updated_at" IS DISTINCT FROM "old_row"."updated_at" THEN "new_row"."updated_at"
    ELSE now()
  END)
$$;
--> statement-breakpoint
-- Whether a person in this state is expected to report: ACTIVO in a role that reports. The roles
-- are those of REPORTING_ROLES in server/policies/actor.ts (a test checks both agree).
CREATE FUNCTION "appa_reports"("status" "user_status", "role" "role") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT "status" = 'ACTIVO' AND "role" IN ('USER', 'LIDER', 'GERENTE', 'VP')
$$;
--> statement-breakpoint
-- user_activity now follows the role too: a span lasts while the person is ACTIVO in a role that
-- reports, so that making someone ADMIN today leaves the weeks they reported in as they were.
CREATE OR REPLACE FUNCTION "appa_track_activity"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "day" date;
  "was" boolean;
  "is" boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF "appa_reports"(NEW."status", NEW."role") THEN
      INSERT INTO "user_activity" ("user_id", "active_from")
      VALUES (NEW."id", "appa_org_date"(NEW."created_at"));
    END IF;
    RETURN NEW;
  END IF;
  "was" := "appa_reports"(OLD."status", OLD."role");
  "is" := "appa_reports"(NEW."status", NEW."role");
  IF "was" = "is" THEN
    RETURN NEW;
  END IF;
  "day" := "appa_change_day"(OLD, NEW);
  IF "was" THEN
    UPDATE "user_activity" SET "active_to" = "day"
    WHERE "user_id" = NEW."id" AND "active_to" IS NULL;
  ELSE
    INSERT INTO "user_activity" ("user_id", "active_from") VALUES (NEW."id", "day");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "users_track_activity" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_track_activity"
AFTER INSERT OR UPDATE OF "status", "role" ON "users"
FOR EACH ROW EXECUTE FUNCTION "appa_track_activity"();
--> statement-breakpoint
-- Keeps user_placements in step with each person's role, manager and area: a change closes the
-- open span on its day and opens the next; a second change on the same day replaces that day's.
CREATE FUNCTION "appa_track_placement"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "day" date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    "day" := "appa_org_date"(NEW."created_at");
  ELSE
    IF NEW."role" IS NOT DISTINCT FROM OLD."role"
      AND NEW."manager_id" IS NOT DISTINCT FROM OLD."manager_id"
      AND NEW."unidad_organizacional" IS NOT DISTINCT FROM OLD."unidad_organizacional" THEN
      RETURN NEW;
    END IF;
    "day" := "appa_change_day"(OLD, NEW);
    DELETE FROM "user_placements"
    WHERE "user_id" = NEW."id" AND "valid_to" IS NULL AND "valid_from" >= "day";
    UPDATE "user_placements" SET "valid_to" = "day"
    WHERE "user_id" = NEW."id" AND "valid_to" IS NULL;
  END IF;
  INSERT INTO "user_placements"
    ("user_id", "role", "manager_id", "unidad_organizacional", "valid_from")
  VALUES (NEW."id", NEW."role", NEW."manager_id", NEW."unidad_organizacional", "day");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_track_placement"
AFTER INSERT OR UPDATE OF "role", "manager_id", "unidad_organizacional" ON "users"
FOR EACH ROW EXECUTE FUNCTION "appa_track_placement"();
--> statement-breakpoint
-- The people already there: placed as they are today since the day they were created (no earlier
-- change was kept); and no longer expected in any week while their role does not report.
INSERT INTO "user_placements"
  ("user_id", "role", "manager_id", "unidad_organizacional", "valid_from")
SELECT "id", "role", "manager_id", "unidad_organizacional", "appa_org_date"("created_at")
FROM "users";
--> statement-breakpoint
DELETE FROM "user_activity" "a" USING "users" "u"
WHERE "a"."user_id" = "u"."id" AND "u"."role" IN ('ADMIN', 'CONSEJO');
