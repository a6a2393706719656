-- The analysis report is recomputed from what these tables hold. Every write to one of them
-- counts in analysis_inputs.version (a trigger each for insert, update and delete), so a report
-- stored with the version it was computed at is current exactly while the count has not moved:
-- opening the Analysis screen again costs nothing, in this process or the next. Jobs, blobs,
-- the annotation history and the stored reports themselves are not inputs.
CREATE TABLE analysis_inputs (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO analysis_inputs (id, version) VALUES (1, 0);

-- The last report computed for each set of options (resamples, seed, synthetic), as JSON.
CREATE TABLE analysis_reports (
  asked TEXT PRIMARY KEY,
  inputs_version INTEGER NOT NULL,
  computed_at TEXT NOT NULL,
  report TEXT NOT NULL
);

CREATE TRIGGER analysis_input_annotators_insert AFTER INSERT ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_annotators_update AFTER UPDATE ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_annotators_delete AFTER DELETE ON annotators BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_arena_presentations_insert AFTER INSERT ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_arena_presentations_update AFTER UPDATE ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_arena_presentations_delete AFTER DELETE ON arena_presentations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_chapters_insert AFTER INSERT ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_chapters_update AFTER UPDATE ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_chapters_delete AFTER DELETE ON chapters BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_citations_insert AFTER INSERT ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_citations_update AFTER UPDATE ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_citations_delete AFTER DELETE ON citations BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_data_rooms_insert AFTER INSERT ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_data_rooms_update AFTER UPDATE ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_data_rooms_delete AFTER DELETE ON data_rooms BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judge_replies_insert AFTER INSERT ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judge_replies_update AFTER UPDATE ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judge_replies_delete AFTER DELETE ON judge_replies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judgments_insert AFTER INSERT ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judgments_update AFTER UPDATE ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_judgments_delete AFTER DELETE ON judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_projects_insert AFTER INSERT ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_projects_update AFTER UPDATE ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_projects_delete AFTER DELETE ON projects BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_rubric_sets_insert AFTER INSERT ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_rubric_sets_update AFTER UPDATE ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_rubric_sets_delete AFTER DELETE ON rubric_sets BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_files_insert AFTER INSERT ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_files_update AFTER UPDATE ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_files_delete AFTER DELETE ON run_files BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_frame_findings_insert AFTER INSERT ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_frame_findings_update AFTER UPDATE ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_frame_findings_delete AFTER DELETE ON run_frame_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_trajectories_insert AFTER INSERT ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_trajectories_update AFTER UPDATE ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_trajectories_delete AFTER DELETE ON run_trajectories BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifications_insert AFTER INSERT ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifications_update AFTER UPDATE ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifications_delete AFTER DELETE ON run_verifications BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifier_findings_insert AFTER INSERT ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifier_findings_update AFTER UPDATE ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_run_verifier_findings_delete AFTER DELETE ON run_verifier_findings BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_runs_insert AFTER INSERT ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_runs_update AFTER UPDATE ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_runs_delete AFTER DELETE ON runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_source_versions_insert AFTER INSERT ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_source_versions_update AFTER UPDATE ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_source_versions_delete AFTER DELETE ON source_versions BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_sources_insert AFTER INSERT ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_sources_update AFTER UPDATE ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_sources_delete AFTER DELETE ON sources BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_studies_insert AFTER INSERT ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_studies_update AFTER UPDATE ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_studies_delete AFTER DELETE ON studies BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_study_runs_insert AFTER INSERT ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_study_runs_update AFTER UPDATE ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_study_runs_delete AFTER DELETE ON study_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_task_frames_insert AFTER INSERT ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_task_frames_update AFTER UPDATE ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_task_frames_delete AFTER DELETE ON task_frames BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_tasks_insert AFTER INSERT ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_tasks_update AFTER UPDATE ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_tasks_delete AFTER DELETE ON tasks BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_voter_invites_insert AFTER INSERT ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_voter_invites_update AFTER UPDATE ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_voter_invites_delete AFTER DELETE ON voter_invites BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_votes_insert AFTER INSERT ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_votes_update AFTER UPDATE ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_votes_delete AFTER DELETE ON votes BEGIN UPDATE analysis_inputs SET version = version + 1; END;
