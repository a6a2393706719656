import { useEffect, useRef, type FormEvent } from 'react';
import type { HubPushSettings } from '../../schemas/hub-push.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { Field } from './LicenseFields.tsx';
import { usePushStore } from './push-store.ts';

/**
 * "Push to the Hub", under a finished export: the dataset repository, its branch and visibility,
 * the push's progress and, once done, the dataset's page. The note says whose token is used and
 * where the dataset goes, both the server's; each refusal shows where it belongs.
 */
export function PushRegion({ exportJobId }: { exportJobId: string }) {
  const client = useConnectedClient();
  const state = usePushStore();
  const running = state.phase === 'starting' || state.phase === 'pushing';
  useEffect(() => (client ? usePushStore.getState().connect(client) : undefined), [client]);
  useEffect(() => usePushStore.getState().showExport(exportJobId), [exportJobId]);
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void state.start(exportJobId).then(() => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()));
  };

  return (
    <section className="screen-region export-region" aria-labelledby="push-title">
      <h2 id="push-title">Push to the Hub</h2>
      <TokenNote settings={state.settings} problem={state.problems.token} hubProblem={state.problems.hubUrl} />
      <form ref={form} onSubmit={onSubmit} aria-labelledby="push-title" noValidate>
        <Field id="push-repo" label="Repository" hint="The dataset repository as owner/name: your user name or an organisation, then the dataset's name. It is created when missing." problem={state.problems.repo}>
          {(aria) => <input {...aria} type="text" value={state.repo} onChange={(e) => state.setRepo(e.target.value)} spellCheck={false} placeholder="your-name/agent-runs" disabled={running} />}
        </Field>
        <Field id="push-revision" label="Branch (optional)" hint="Empty: main. Another name is created from main when missing, leaving main as it was." problem={state.problems.revision}>
          {(aria) => <input {...aria} type="text" value={state.revision} onChange={(e) => state.setRevision(e.target.value)} spellCheck={false} placeholder="main" disabled={running} />}
        </Field>
        <label className="export-check">
          <input type="checkbox" checked={state.private} onChange={(e) => state.setPrivate(e.target.checked)} disabled={running} />
          Create the repository private (a repository that exists keeps its visibility)
        </label>
        <div className="export-actions">
          <button type="submit" disabled={running}>
            Push to the Hub
          </button>
          {running && (
            <button type="button" onClick={() => void state.cancel()}>
              Cancel push
            </button>
          )}
        </div>
      </form>
      {running && <ProgressBar label="Push progress" done={state.done} total={state.total} />}
      {state.problems.form && (
        <p role="alert" className="export-message export-message--problem">
          {state.problems.form}
        </p>
      )}
      {state.message && (
        <p role="status" className={state.phase === 'failed' ? 'export-message export-message--problem' : 'export-message'}>
          {state.message}
        </p>
      )}
      {state.phase === 'succeeded' && state.datasetUrl && (
        <p>
          The dataset is on the Hub:{' '}
          <a href={state.datasetUrl} target="_blank" rel="noreferrer noopener">
            {state.datasetUrl}
          </a>
          {state.result && state.result.keptFromHub.length > 0 && <> The card kept what was edited on the Hub: {state.result.keptFromHub.join(', ')}.</>}
        </p>
      )}
    </section>
  );
}

/** Whose token pushes and where to, or what to do when there is none; a token or address problem shows here. */
function TokenNote({ settings, problem, hubProblem }: { settings: HubPushSettings | undefined; problem: string | undefined; hubProblem: string | undefined }) {
  return (
    <div className="export-field" id="push-token-note">
      {settings && (
        <p className="export-field__hint">
          The app pushes to {settings.hubUrl} with the Hugging Face token of the machine it runs on
          {settings.tokenSource ? `, from ${settings.tokenSource}. It needs write access to the repository.` : '.'} Large files that reached the Hub before an interrupted push are not sent again.
        </p>
      )}
      {settings?.tokenProblem && !problem && <p className="export-field__problem">{settings.tokenProblem}</p>}
      {problem && (
        <p className="export-field__problem" role="alert">
          {problem}
        </p>
      )}
      {hubProblem && (
        <p className="export-field__problem" role="alert">
          {hubProblem}
        </p>
      )}
    </div>
  );
}
