-- Multi-turn runs of a harness whose continued turns report the session's running total (Codex's
-- turn.completed, Claude Code's modelUsage and total_cost_usd) were stored with their turns added
-- up, so their tokens and cost counted the earlier turns again. SQL cannot read their transcripts:
-- this asks the app to, once. On the next open (core/runs/study/recount-turn-usage.ts) each such
-- run's stored transcript is read again turn by turn and its tokens, cost and trajectory are
-- rewritten; the value then holds the last run checked, and the key is removed when all are done.
-- Runs imported without a transcript keep their figures.
INSERT INTO meta (key, value) VALUES ('runs.recount-turn-usage', 'pending') ON CONFLICT (key) DO NOTHING;
