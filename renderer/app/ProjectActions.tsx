import { useRef, useState, type FormEvent } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';
import { currentClient } from '../api/connected-client.ts';
import { couldNot } from '../api/describe-error.ts';
import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import { useAppStore } from './app-store.ts';

type Open = 'rename' | 'new' | undefined;

/**
 * The header's project actions: rename the project (its name titles the app and the dataset
 * card) and make a new workspace of one's own, with no demo data. The running app stays on its
 * workspace (switching would end its jobs and voters' sessions), so the new one's dialog says how
 * to open it.
 */
export function ProjectActions() {
  const [open, setOpen] = useState<Open>();
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(undefined);
    opener.current?.focus();
  };
  const show = (which: Open) => (event: { currentTarget: HTMLButtonElement }) => {
    opener.current = event.currentTarget;
    setOpen(which);
  };
  return (
    <>
      <button type="button" className="topbar__action" onClick={show('rename')}>
        Rename project…
      </button>
      <button type="button" className="topbar__action" onClick={show('new')}>
        New workspace…
      </button>
      {open === 'rename' && <RenameProjectDialog onClose={close} />}
      {open === 'new' && <NewWorkspaceDialog onClose={close} />}
    </>
  );
}

/** A dialog form's call: busy while it runs, and what went wrong in words when it fails. */
function useFormCall(what: string, next: string) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = (work: (client: RpcClient) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const client = currentClient();
    if (!client) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await work(client);
    } catch (error) {
      setProblem(couldNot(what, error, next));
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, run };
}

/** What went wrong, if anything, then the form's submit and Cancel buttons. */
function FormFooter({ problem, submit, disabled, onCancel }: { problem: string | undefined; submit: string; disabled: boolean; onCancel: () => void }) {
  return (
    <>
      {problem && <p role="alert">{problem}</p>}
      <div className="project-dialog__buttons">
        <button type="submit" disabled={disabled}>
          {submit}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

function RenameProjectDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const current = useAppStore((s) => s.info?.project.name ?? '');
  const [name, setName] = useState(current);
  const { problem, busy: saving, run } = useFormCall('rename the project', 'Change the name and try again.');
  const submit = run(async (client) => {
    await client.call('project.rename', { name });
    await useAppStore.getState().refresh();
    dialog.current?.close();
  });
  return (
    <dialog ref={dialog} className="project-dialog" aria-labelledby="rename-project-title" onClick={closeOnBackdrop}>
      <form onSubmit={(event) => void submit(event)}>
        <h2 id="rename-project-title">Rename project</h2>
        <p className="muted">The name heads the app and titles the dataset card of every export.</p>
        <label>
          Project name
          <input type="text" value={name} maxLength={200} required autoFocus onChange={(event) => setName(event.target.value)} />
        </label>
        <FormFooter problem={problem} submit="Rename" disabled={saving || name.trim() === '' || name.trim() === current} onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}

interface Created {
  workspaceDir: string;
  projectName: string;
  openCommand: string;
}

function NewWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const [dir, setDir] = useState('');
  const [projectName, setProjectName] = useState('');
  const [created, setCreated] = useState<Created>();
  const { problem, busy, run } = useFormCall('make the workspace', 'Choose a new or empty folder and try again.');
  const submit = run(async (client) => {
    const result = await client.call('workspace.create', { dir: dir.trim(), projectName });
    setCreated({ workspaceDir: result.workspaceDir, projectName: result.project.name, openCommand: result.openCommand });
  });
  return (
    <dialog ref={dialog} className="project-dialog" aria-labelledby="new-workspace-title" onClick={closeOnBackdrop}>
      {created ? (
        <div role="status">
          <h2 id="new-workspace-title">Workspace made</h2>
          <p>
            The workspace at <span className="path">{created.workspaceDir}</span> holds the project “{created.projectName}” and no demo data. This window stays on
            the workspace it has open. To work in the new one, start the app on it from a terminal:
          </p>
          <pre className="project-dialog__command">{created.openCommand}</pre>
          <div className="project-dialog__buttons">
            <button type="button" onClick={() => void navigator.clipboard?.writeText(created.openCommand)}>
              Copy the command
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <h2 id="new-workspace-title">New workspace</h2>
          <p className="muted">A workspace of your own: one project, no demo data room, arena or study. The folder must be new or empty, on the machine the app runs on.</p>
          <label>
            Folder
            <input type="text" value={dir} required autoFocus placeholder="/home/you/studies/dashboard" onChange={(event) => setDir(event.target.value)} />
          </label>
          <label>
            Project name
            <input type="text" value={projectName} maxLength={200} required onChange={(event) => setProjectName(event.target.value)} />
          </label>
          <FormFooter problem={problem} submit="Make workspace" disabled={busy || dir.trim() === '' || projectName.trim() === ''} onCancel={() => dialog.current?.close()} />
        </form>
      )}
    </dialog>
  );
}
