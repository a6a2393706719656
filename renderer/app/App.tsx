import { useEffect } from 'react';
import { useAppStore } from './app-store.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { JobTray } from './JobTray.tsx';
import { PathText } from './PathText.tsx';
import { ProjectActions } from './ProjectActions.tsx';
import { SECTIONS, sectionFromHash, type SectionId } from './sections.ts';
import { SectionView } from './SectionView.tsx';
import { MessageText } from '../ui/MessageText.tsx';

export function App() {
  const info = useAppStore((s) => s.info);
  const section = useAppStore((s) => s.section);
  const error = useAppStore((s) => s.error);
  const connection = useAppStore((s) => s.connection);
  const { showSection, startVerify, dismissError } = useAppStore.getState();

  // The section lives in the URL hash, so reload and the back button keep the place.
  useEffect(() => {
    const sync = () => showSection(sectionFromHash(window.location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [showSection]);

  // Alt+1 … Alt+6 jump between sections from anywhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const target = SECTIONS[Number(event.key) - 1];
      if (target) {
        event.preventDefault();
        go(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header className="topbar" role="banner">
        <span className="brand">LH-Bench Studio</span>
        <p className="project-name">
          <span className="visually-hidden">Project: </span>
          {info?.project.name ?? 'Opening workspace…'}
        </p>
        {info && <ProjectActions />}
        <button type="button" className="topbar__action" onClick={() => void startVerify()}>
          Verify workspace
        </button>
      </header>
      {connection.kind !== 'connected' ? (
        // Calls fail too while the server is away; the banner says why and what to do, once.
        <ConnectionBanner connection={connection} />
      ) : error ? (
        <div className="error-banner" role="alert">
          <span>
            <MessageText text={error} />
          </span>
          <button type="button" onClick={dismissError} aria-label="Dismiss error">
            Dismiss
          </button>
        </div>
      ) : null}
      <nav className="sidebar" aria-label="Sections">
        <ul>
          {SECTIONS.map((s, index) => (
            <li key={s.id}>
              <a
                href={`#/${s.id}`}
                aria-current={s.id === section ? 'page' : undefined}
                aria-keyshortcuts={`Alt+${index + 1}`}
                title={`${s.purpose} (Alt+${index + 1})`}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        {info && (
          <p className="sidebar__footer muted">
            Workspace:{' '}
            <span className="path">
              <PathText path={info.workspaceDir} />
            </span>
          </p>
        )}
      </nav>
      <SectionView />
      <JobTray />
    </div>
  );
}

function go(section: SectionId) {
  window.location.hash = `#/${section}`;
}
