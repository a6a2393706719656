-- index jobs_by_created on jobs
CREATE INDEX jobs_by_created ON jobs(created_at);

-- index sources_by_project on sources
CREATE INDEX sources_by_project ON sources(project_id);

-- table blobs on blobs
CREATE TABLE blobs (
  sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  created_at TEXT NOT NULL
) STRICT;

-- table jobs on jobs
CREATE TABLE jobs (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL,
  title      TEXT NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  done       INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
  total      INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
  message    TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- table meta on meta
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- table projects on projects
CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) > 0),
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
) STRICT;

-- table schema_migrations on schema_migrations
CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT;

-- table sources on sources
CREATE TABLE sources (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title         TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('pdf', 'web', 'markdown', 'text')),
  original_name TEXT NOT NULL,
  blob_sha256   TEXT NOT NULL REFERENCES blobs(sha256),
  created_at    TEXT NOT NULL
) STRICT;
