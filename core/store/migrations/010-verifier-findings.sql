-- The verifier hook's checks of a run's app while the agent worked (issue 10): each time a tool
-- call changed the app (Claude Code's PostToolUse, Gemini CLI's AfterTool) or the agent called
-- the verify_build MCP tool (Codex), the app was built, served and its routes captured. A run
-- keeps every check in order, so analysis can see what the agent was told and when it fixed it.
-- These are not run_frame_findings: those describe the finished build's frames; these describe
-- the app at a moment of the run, most of them fixed later.

CREATE TABLE run_verifications (
  run_id       TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  -- 1, 2, … in the order the checks ran.
  seq          INTEGER NOT NULL CHECK (seq >= 1),
  checked_at   TEXT NOT NULL,
  -- What asked for the check: 'claude-code PostToolUse Write', 'gemini-cli AfterTool write_file', 'mcp verify_build'.
  trigger      TEXT NOT NULL,
  ok           INTEGER NOT NULL CHECK (ok IN (0, 1)),
  -- What the agent was told to fix first.
  next_action  TEXT NOT NULL,
  -- Whether this check ran npm run build itself.
  built        INTEGER NOT NULL CHECK (built IN (0, 1)),
  routes_checked INTEGER NOT NULL CHECK (routes_checked >= 0),
  duration_ms  INTEGER NOT NULL CHECK (duration_ms >= 0),
  PRIMARY KEY (run_id, seq)
) STRICT;

CREATE TABLE run_verifier_findings (
  run_id   TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 0),
  -- build-error, missing-build, runtime-error, broken-route, blank-render, timeout.
  kind     TEXT NOT NULL,
  -- The route a capture finding is about; NULL for the build's own.
  route    TEXT,
  detail   TEXT NOT NULL,
  PRIMARY KEY (run_id, seq, position),
  FOREIGN KEY (run_id, seq) REFERENCES run_verifications(run_id, seq) ON DELETE CASCADE
) STRICT;
