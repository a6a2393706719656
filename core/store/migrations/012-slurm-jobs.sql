-- A study run on a Slurm cluster: the batch job running it and that job's last known state
-- (PENDING, RUNNING, COMPLETED, CANCELLED, …), shown on the Runs screen. NULL for local runs.
ALTER TABLE study_runs ADD COLUMN slurm_job_id TEXT;
ALTER TABLE study_runs ADD COLUMN slurm_state TEXT;
