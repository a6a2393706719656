-- Each unfinished job names the process that runs it, so a second process opening the workspace
-- (an `lhb` command while the app runs) can tell a live job from one whose process is gone, and
-- fails only the latter. Rows written before this migration have no owner and are treated as
-- interrupted on the next open, as before.
--   owner_pid      the owning process's id
--   owner_instance a random id the process picks at start: tells this process's rows from a
--                  later process that reuses the pid, and marks which rows it heartbeats
--   owner_host     the machine's hostname, for pid checks and for messages
--   owner_space    where the pid means something: boot id and pid namespace on Linux (NULL elsewhere)
--   owner_start    the process's start time in clock ticks since boot on Linux (NULL elsewhere)
--   heartbeat_at   ISO time the owner last confirmed it is still running the job
ALTER TABLE jobs ADD COLUMN owner_pid INTEGER;
ALTER TABLE jobs ADD COLUMN owner_instance TEXT;
ALTER TABLE jobs ADD COLUMN owner_host TEXT;
ALTER TABLE jobs ADD COLUMN owner_space TEXT;
ALTER TABLE jobs ADD COLUMN owner_start TEXT;
ALTER TABLE jobs ADD COLUMN heartbeat_at TEXT;
CREATE INDEX jobs_unfinished ON jobs(state) WHERE state IN ('queued', 'running');
