-- The tables and views of the recipe "Storydoc → PostgreSQL" (postgres-event-sync.json).
-- Run once in the database the recipe writes to (psql -f postgres-event-sync.sql, or in any SQL client).
-- Safe to run again: nothing is dropped.

-- Every view and click, one row per event, keyed by the node's eventKey (the eventId, or a digest of
-- the event where Storydoc gives none). Columns are named as Get Events' Raw Events fields, so the
-- Postgres node maps the items onto them as they are.
CREATE TABLE IF NOT EXISTS storydoc_events (
	"eventKey" text PRIMARY KEY,
	"eventId" text,
	"sessionId" text,
	"visitorId" text,
	"timestamp" timestamptz NOT NULL,
	"storyId" text NOT NULL,
	"storyTitle" text,
	"versionId" text NOT NULL,
	"versionTitle" text,
	"versionCreatedAt" timestamptz,
	"prospectName" text,
	"prospectEmail" text,
	"prospectPosition" text,
	"eventName" text,
	"eventCategory" text,
	"deviceType" text,
	"deviceTypeName" text,
	"eventUrl" text,
	"locationCity" text,
	"locationLatitude" double precision,
	"locationLongitude" double precision
);
-- The recipe's cursor (the latest event loaded) and the views' reads by version and time.
CREATE INDEX IF NOT EXISTS storydoc_events_timestamp ON storydoc_events ("timestamp");
CREATE INDEX IF NOT EXISTS storydoc_events_version ON storydoc_events ("versionId", "timestamp");

-- Reading sessions, as Get Events' Summary per Reading Session defines them: the events of one
-- sessionId on a version, or of one reader on a version without one, split where more than 30
-- minutes pass between two of them. A view, so a session that grows across runs is one row.
CREATE OR REPLACE VIEW storydoc_reading_sessions AS
WITH keyed AS (
	SELECT e.*,
		CASE WHEN coalesce(e."sessionId", '') <> ''
			THEN 'session ' || e."versionId" || ' ' || e."sessionId"
			ELSE 'reader ' || e."versionId" || ' ' || coalesce(e."visitorId", '')
		END AS session_key
	FROM storydoc_events e
), marked AS (
	SELECT keyed.*,
		CASE WHEN "timestamp" - lag("timestamp") OVER by_time <= interval '30 minutes' THEN 0 ELSE 1 END
			AS starts_session
	FROM keyed
	WINDOW by_time AS (PARTITION BY session_key ORDER BY "timestamp", "eventKey")
), numbered AS (
	SELECT marked.*,
		sum(starts_session) OVER (PARTITION BY session_key ORDER BY "timestamp", "eventKey") AS session_number,
		substring("eventName" FROM '^view_slide_([0-9]+)$')::int AS slide
	FROM marked
)
SELECT
	session_key || ' #' || session_number AS "readingSessionKey",
	min("storyId") AS "storyId",
	"versionId",
	-- From the session's earliest event that has one; at one instant, the first in code-point order.
	(array_agg("visitorId" ORDER BY "timestamp", "visitorId" COLLATE "C")
		FILTER (WHERE coalesce("visitorId", '') <> ''))[1] AS "visitorId",
	nullif(min("sessionId"), '') AS "sessionId",
	min("timestamp") AS "startedAt",
	max("timestamp") AS "lastEventAt",
	floor(extract(epoch FROM max("timestamp") - min("timestamp")))::int AS "readingSeconds",
	count(*) FILTER (WHERE "eventCategory" = 'view')::int AS views,
	count(*) FILTER (WHERE "eventCategory" = 'click')::int AS clicks,
	coalesce(array_agg(DISTINCT slide ORDER BY slide)
		FILTER (WHERE "eventCategory" = 'view' AND slide IS NOT NULL), '{}') AS "slidesViewed",
	max(slide) FILTER (WHERE "eventCategory" = 'view') AS "deepestSlide"
FROM numbered
GROUP BY "versionId", session_key, session_number;

-- A reader, as Summary per Story counts them: a visitorId, or a session without one on its own.
CREATE OR REPLACE VIEW storydoc_story_readers AS
SELECT s.*, coalesce(s."visitorId", s."readingSessionKey") AS reader
FROM storydoc_reading_sessions s;

-- Readers and reading sessions per story and week (Monday to Sunday, UTC; change 'UTC' to your
-- zone), as Summary per Story's `weeks`: the sessions started that week and their distinct readers.
CREATE OR REPLACE VIEW storydoc_story_weeks AS
SELECT
	"storyId",
	(date_trunc('week', "startedAt" AT TIME ZONE 'UTC'))::date AS "weekFrom",
	count(*)::int AS "readingSessions",
	count(DISTINCT reader)::int AS readers
FROM storydoc_story_readers
GROUP BY "storyId", 2;

-- Each slide's reach per story, as Summary per Story's `slides` with Last Slide 0: readers who
-- viewed the slide or a later one (`readersReached`) and who viewed it (`readersViewed`), from slide
-- 1 to the deepest any reader reached.
CREATE OR REPLACE VIEW storydoc_story_slides AS
WITH deepest AS (
	SELECT "storyId", reader, max("deepestSlide") AS deepest
	FROM storydoc_story_readers
	GROUP BY "storyId", reader
), viewed AS (
	SELECT DISTINCT "storyId", reader, unnest("slidesViewed") AS slide
	FROM storydoc_story_readers
), slides AS (
	SELECT "storyId", generate_series(1, max(deepest)) AS slide
	FROM deepest
	GROUP BY "storyId"
)
SELECT
	s."storyId",
	s.slide,
	(SELECT count(*) FROM deepest d WHERE d."storyId" = s."storyId" AND d.deepest >= s.slide)::int
		AS "readersReached",
	(SELECT count(*) FROM viewed v WHERE v."storyId" = s."storyId" AND v.slide = s.slide)::int
		AS "readersViewed"
FROM slides s;
