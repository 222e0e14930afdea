-- A change is never dated before the span it ends began: when the server's clock, the database's
-- or the organisation's timezone steps back, the change replaces that span instead of opening one
-- that overlaps the previous (which would count the person twice in a finished week).
CREATE OR REPLACE FUNCTION "appa_track_placement"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "day" date;
  "last" date;
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
    SELECT max("valid_from") INTO "last" FROM "user_placements" WHERE "user_id" = NEW."id";
    IF "last" IS NOT NULL AND "day" < "last" THEN
      "day" := "last";
    END IF;
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
CREATE OR REPLACE FUNCTION "appa_track_activity"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "day" date;
  "last" date;
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
    UPDATE "user_activity" SET "active_to" = greatest("day", "active_from")
    WHERE "user_id" = NEW."id" AND "active_to" IS NULL;
  ELSE
    SELECT max("active_to") INTO "last" FROM "user_activity" WHERE "user_id" = NEW."id";
    INSERT INTO "user_activity" ("user_id", "active_from")
    VALUES (NEW."id", greatest("day", coalesce("last", "day")));
  END IF;
  RETURN NEW;
END
$$;
