-- Personal tokens now live at most a year, 90 days unless an administrator says otherwise. Those
-- made before had no end, or one up to two years away: each gets 90 days from this upgrade (or
-- keeps its own end if sooner), so the scripts using them keep working while their owners see the
-- date on Mi cuenta and make a new one.
UPDATE "api_tokens"
SET "expires_at" = LEAST(COALESCE("expires_at", 'infinity'::timestamptz), now() + interval '90 days')
WHERE "kind" = 'PERSONAL' AND "revoked_at" IS NULL;
