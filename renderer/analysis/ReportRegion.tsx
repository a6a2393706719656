import { useId, type ReactNode } from 'react';

interface ReportRegionProps {
  title: string;
  /** A heading level below the screen's h1: 2 for the report's parts, 3 inside them. */
  level?: 2 | 3;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}

/** A named region of the report: a landmark whose accessible name is its heading. */
export function ReportRegion({ title, level = 2, busy, className, children }: ReportRegionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className ?? (level === 2 ? 'screen-region analysis-region' : 'analysis-part')} aria-labelledby={id} aria-busy={busy || undefined}>
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}
