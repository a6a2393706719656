-- Invite links for remote voters: each grants one annotator profile the arena's voting calls and
-- nothing else. Only the SHA-256 of the link's token is kept, so a copy of the workspace cannot
-- be used to vote; the token itself is shown once, when the invite is created.
CREATE TABLE voter_invites (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  annotator_id  TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  token_sha256  TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
  created_at    TEXT NOT NULL,
  expires_at    TEXT NOT NULL,
  revoked_at    TEXT,
  last_used_at  TEXT
) STRICT;
CREATE INDEX voter_invites_by_annotator ON voter_invites(annotator_id);
