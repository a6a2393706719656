-- The sandbox a study run ran in, as it ran (schemas/studies.ts RunSandboxSchema, JSON): bubblewrap
-- or none (--no-sandbox), its network and each limit with what enforced it. NULL before it ran.
ALTER TABLE study_runs ADD COLUMN sandbox_json TEXT;
