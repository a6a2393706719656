-- The workspace's first shape: the project it holds, its sources (files kept as blobs),
-- the blob index, and the job log that drives progress in the UIs.

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) > 0),
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE blobs (
  sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE sources (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title         TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('pdf', 'web', 'markdown', 'text')),
  original_name TEXT NOT NULL,
  blob_sha256   TEXT NOT NULL REFERENCES blobs(sha256),
  created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX sources_by_project ON sources(project_id);

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
CREATE INDEX jobs_by_created ON jobs(created_at);
