import { AnalysisScreen } from '../analysis/AnalysisScreen.tsx';
import { AnnotatorScreen } from '../annotator/AnnotatorScreen.tsx';
import { ArenaScreen } from '../arena/ArenaScreen.tsx';
import { ExportScreen } from '../export/ExportScreen.tsx';
import { JudgeScreen } from '../judge/JudgeScreen.tsx';
import { RunsScreen } from '../runs/RunsScreen.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useAppStore } from './app-store.ts';
import { SECTIONS } from './sections.ts';

export function SectionView() {
  const sectionId = useAppStore((s) => s.section);
  const section = SECTIONS.find((s) => s.id === sectionId) ?? SECTIONS[0]!;
  return (
    <main id="main" className="section" aria-labelledby="section-title" tabIndex={-1}>
      <header className="section__header">
        <h1 id="section-title">{section.label}</h1>
        <p className="muted">{section.purpose}</p>
      </header>
      {section.id === 'annotate' ? (
        <AnnotatorScreen />
      ) : section.id === 'arena' ? (
        <ArenaScreen />
      ) : section.id === 'runs' ? (
        <RunsScreen />
      ) : section.id === 'judges' ? (
        <JudgeScreen />
      ) : section.id === 'analysis' ? (
        <AnalysisScreen />
      ) : section.id === 'export' ? (
        <ExportScreen />
      ) : (
        <EmptyState title={section.emptyTitle}>
          <p>{section.emptyBody}</p>
          <p>
            <strong>How to get here: </strong>
            {section.nextStep}
          </p>
        </EmptyState>
      )}
    </main>
  );
}
