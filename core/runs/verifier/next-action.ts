import type { BuildErrorLocation } from './build-error-location.ts';
import type { VerifierFinding } from './verifier-finding.ts';

/** Which finding to fix first: nothing renders until the build works, and a crash explains a blank page. */
const PRIORITY: Record<VerifierFinding['kind'], number> = {
  'build-error': 0,
  'missing-build': 1,
  'runtime-error': 2,
  'broken-route': 3,
  'blank-render': 4,
  timeout: 5,
};

export function firstToFix(findings: readonly VerifierFinding[]): VerifierFinding | undefined {
  return [...findings].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind])[0];
}

export interface BuildContext {
  /** Where the failed build's output points, when it names a file of the agent's. */
  location?: BuildErrorLocation;
  /** A tool or package the build needs and does not find. */
  missingDependency?: string;
  /** A static build the agent wrote somewhere other than out/dist (dist/, build/). */
  strayBuildDir?: string;
  routesChecked: number;
}

/** The one next step, in words the agent can act on. */
export function nextActionFor(findings: readonly VerifierFinding[], context: BuildContext): string {
  const first = firstToFix(findings);
  if (!first) {
    const routes = context.routesChecked === 1 ? 'the route renders' : `all ${context.routesChecked} routes render`;
    return `Nothing to fix: the build is served from out/dist/ and ${routes} with no errors.`;
  }
  const more = findings.length > 1 ? ` Then look at the ${findings.length - 1} other finding${findings.length === 2 ? '' : 's'}.` : '';
  return `${actionFor(first, context)}${more}`;
}

function actionFor(finding: VerifierFinding, context: BuildContext): string {
  const route = finding.route ?? '/';
  switch (finding.kind) {
    case 'build-error': {
      if (/did not finish within/.test(finding.detail)) {
        return `The build did not finish in time and was stopped (${finding.detail}). Make "npm run build" end on its own (no dev server or watch mode), then run it again.`;
      }
      if (context.missingDependency) {
        return `The build fails because "${context.missingDependency}" is not installed. Run npm install (add it to package.json if it is missing there), then run npm run build again.`;
      }
      if (context.location) {
        const { file, line, message } = context.location;
        return `The build fails: fix ${file} line ${line}${message ? ` (${message})` : ''}, then run npm run build again.`;
      }
      return 'The build fails: read the end of its output below, fix the error it names, then run npm run build again.';
    }
    case 'missing-build':
      return context.strayBuildDir
        ? `There is no out/dist/index.html to preview: the build wrote ${context.strayBuildDir}/ instead. Make it write out/dist/ (for Vite: build.outDir "out/dist"), or copy ${context.strayBuildDir}/ to out/dist/.`
        : 'There is no out/dist/index.html to preview. Build the app as static files into out/dist/, with an index.html that works when served as plain files.';
    case 'runtime-error':
      return `Route ${route} throws when it loads (${finding.detail}). Fix that error in the app's code, then rebuild out/dist/.`;
    case 'broken-route':
      return `Route ${route} is broken (${finding.detail}). Give it a page: out/dist${route.replace(/\/$/, '')}/index.html in a multi-page build, or a client-side route in a single-page app.`;
    case 'blank-render':
      return `Route ${route} renders nothing visible. Check that index.html loads its script from a path that exists under out/dist/ (relative paths, not /src/…), that the app mounts into an element that exists, and that it renders content.`;
    case 'timeout':
      return `Route ${route} did not finish loading (${finding.detail}). Look for a script that never ends (an endless loop) or waits on the network, which the preview blocks.`;
  }
}
