// Real PDFs nobody here wrote, as Debian ships them: TeX Live documentation in Italian, Spanish,
// Portuguese and English (package and class manuals, thesis templates, a beginners' course, font
// catalogues, cheat sheets, logos with no text) and two manuals of Debian's own; Polish TeX Live
// documentation (a language with its own diacritics and a Polish document class); GLPK's
// reference manuals (an LP library's API and modelling language, page after page of tables, in
// English, Spanish and Portuguese) and nauty's user guide (a graph-algorithm manual with option
// tables and formulas); TeX Live's MetaPost documentation (manuals full of figures and code, and
// two-column papers: TUGboat articles in its own class, an Elsevier journal article, a preprint). `.ci/run`
// installs the same packages; the corpus is whatever PDF files they install, so a newer Debian
// release changes the documents but not how they are found.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** Keep in step with the corpus line of `.ci/run`. */
export const DEBIAN_PDF_CORPUS_PACKAGES = [
  'texlive-lang-italian',
  'texlive-lang-spanish',
  'texlive-lang-portuguese',
  'texlive-fonts-recommended-doc',
  'libtasn1-doc',
  'shared-mime-info',
  'texlive-lang-polish',
  'glpk-doc',
  'nauty-doc',
  'texlive-metapost-doc',
] as const;

export interface DebianPdfCorpus {
  /** Absolute paths, sorted, one per distinct file content (a package may ship one PDF twice). */
  files: string[];
  /** Packages of the list that are not installed. */
  missing: string[];
}

export function debianPdfCorpus(): DebianPdfCorpus {
  const files: string[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const pkg of DEBIAN_PDF_CORPUS_PACKAGES) {
    const listed = spawnSync('dpkg-query', ['-L', pkg], { encoding: 'utf8' });
    if (listed.status !== 0) {
      missing.push(pkg);
      continue;
    }
    for (const path of listed.stdout.split('\n').filter((line) => line.endsWith('.pdf')).sort()) {
      if (!statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
      const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
      if (seen.has(sha)) continue;
      seen.add(sha);
      files.push(path);
    }
  }
  return { files: files.sort(), missing };
}

export const INSTALL_CORPUS_HINT = `apt-get install -y --no-install-recommends ${DEBIAN_PDF_CORPUS_PACKAGES.join(' ')} poppler-utils`;
