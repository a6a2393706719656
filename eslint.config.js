// Lint, and the architecture's arrows (../shared/ARCHITECTURE.md) as import rules: an import
// that points the wrong way fails `npm run lint`, and so CI.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative or aliased import that reaches into one of our top-level rooms. */
const room = (name) => `(^|/|\\.\\./)${name}(/|$)`;

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'child_process', 'os', 'crypto', 'http', 'net', 'worker_threads'];

export const layeringRules = {
  schemas: {
    patterns: [
      { regex: `${room('core')}|${room('renderer')}|${room('electron')}|${room('build')}`, message: 'schemas/ is the shared vocabulary and imports nothing of ours.' },
    ],
    paths: [],
  },
  core: {
    patterns: [
      { regex: `${room('renderer')}|${room('electron')}`, message: 'core/ never imports the UIs: renderer and electron call into core, not the other way.' },
      { regex: '^(react|react-dom|zustand)(/|$)', message: 'core/ is Node-only domain logic: no React or UI state.' },
    ],
    paths: [{ name: 'electron', message: 'core/ never imports electron; electron/ wires core into Electron.' }],
  },
  renderer: {
    patterns: [
      { regex: `${room('core')}|${room('electron')}`, message: 'renderer/ talks to core only through the RPC client (renderer/api); share types through schemas/.' },
      { regex: '^(node:|better-sqlite3$|electron$)', message: 'renderer/ runs in a sandboxed page: no Node modules, no database, no electron.' },
    ],
    paths: NODE_BUILTINS.filter((n) => !n.includes('*')).map((name) => ({ name, message: 'renderer/ runs in a sandboxed page: no Node modules.' })),
  },
  electron: {
    patterns: [{ regex: room('renderer'), message: 'electron/ loads the built renderer over app://; it never imports renderer code.' }],
    paths: [],
  },
};

// The seeded generators sit below every room that draws (arena, stats), so they import nothing of
// ours. A folder's rules replace its parent's, so core's are repeated here.
layeringRules['core/random'] = {
  patterns: [...layeringRules.core.patterns, { regex: '^\\.\\./', message: 'core/random/ imports nothing of ours: every room, core/stats included, may use it.' }],
  paths: layeringRules.core.paths,
};

// The inner rooms under the capabilities: each may import schemas/, npm libraries and what it
// names here (regex fragments after `../`), nothing else of ours, so a room added above them is
// refused without being listed. Their tests, fixtures and benchmarks keep core's rules only: they
// build real workspaces through the app's own doors (openApi, createApi), above the room on purpose.
const INNER_ROOMS = {
  store: { uses: ['random/'], why: 'core/store/ is under every capability: of ours it imports schemas/ and core/random/ only, never a room that uses it.' },
  stats: {
    uses: ['random/'],
    why: 'core/stats/ is pure statistics: of ours it imports schemas/ and core/random/ only.',
    more: [{ regex: '^(node:|better-sqlite3$)', message: 'core/stats/ is pure statistics: no I/O, no store.' }],
  },
  jobs: { uses: ['store/', 'random/'], why: "core/jobs/ runs the capabilities' long work: of ours it imports schemas/, core/store/ and core/random/ only." },
  workspace: {
    uses: ['store/', 'jobs/', 'random/', 'app-paths\\.ts$'],
    why: 'core/workspace/ opens the folder the capabilities work in: of ours it imports schemas/, core/store/, core/jobs/, core/random/ and core/app-paths.ts only (demo seeding, which calls the capabilities, is core/demo/).',
  },
};
for (const [name, { uses, why, more = [] }] of Object.entries(INNER_ROOMS)) {
  layeringRules[`core/${name}`] = {
    patterns: [...layeringRules.core.patterns, { regex: `^\\.\\./(?!${[`${name}/`, ...uses, '\\.\\./schemas/'].join('|')})`, message: why }, ...more],
    paths: layeringRules.core.paths,
  };
}

// A harness is one folder, core/runs/harnesses/<id>/ (adapter with its tools, parser, fixtures): it imports
// the shared harness files beside the folders and the parsing machinery in core/runs/trajectory/,
// never another harness's folder nor the registry that lists them all. The machinery is under
// every harness, so it imports no harness's folder (its tests, fixtures and benchmarks may).
layeringRules['core/runs/harnesses/*'] = {
  patterns: [
    ...layeringRules.core.patterns,
    { regex: '^\\.\\./(?!\\.)[^/]+/|^\\.\\./harness-registry\\.ts$', message: 'A harness folder imports no other harness folder and not the registry (which imports it): share through core/runs/harnesses/*.ts or core/runs/trajectory/.' },
  ],
  paths: layeringRules.core.paths,
};
// Inside core/runs/: a room never imports the rooms above it, which import it. executors/ run what
// study/ prepares and imports; trajectory/ parses what bundles/ and study/ import and store. What
// both sides need sits below them (core/runs/files-inside-folder.ts, run-file.ts). Their tests,
// fixtures and benchmarks build real studies through those rooms, above on purpose.
const RUNS_ROOMS_BELOW = {
  executors: { above: ['study', 'bundles'], why: 'core/runs/executors/ runs what core/runs/study/ prepares: it never imports study/ or bundles/, which import it; move what both need below them.' },
  trajectory: { above: ['study', 'bundles', 'executors'], why: 'core/runs/trajectory/ parses what bundles/ and study/ import: it never imports them, nor executors/; move what both need below them (core/runs/files-inside-folder.ts).' },
};
for (const [name, { above, why }] of Object.entries(RUNS_ROOMS_BELOW)) {
  layeringRules[`core/runs/${name}`] = {
    patterns: [...layeringRules.core.patterns, { regex: `^(\\.\\./)+(${above.join('|')})/`, message: why }],
    paths: layeringRules.core.paths,
  };
}
// The parsing machinery is under every harness too: it imports no harness's folder (dispatch
// through harness-registry.ts), besides the rooms above it named in RUNS_ROOMS_BELOW.
layeringRules['core/runs/trajectory'].patterns.push({
  regex: '^\\.\\./harnesses/[^/]+/',
  message: "core/runs/trajectory/ is the parsing machinery under every harness: it imports no harness's folder; dispatch through harness-registry.ts.",
});
// core/model-apis/ holds one folder per model API (request, reply, errors, what a server writes),
// under the judge's providers, the scripted model server and the test servers: of ours it imports
// schemas/, itself and core/read-capped-body.ts only. An API's folder sits one level deeper.
const MODEL_APIS_WHY = 'core/model-apis/ is under judge/ and runs/: of ours it imports schemas/, its own folders and core/read-capped-body.ts only.';
layeringRules['core/model-apis'] = {
  patterns: [...layeringRules.core.patterns, { regex: '^\\.\\./(?!\\.\\./schemas/|read-capped-body\\.ts$)', message: MODEL_APIS_WHY }],
  paths: layeringRules.core.paths,
};
layeringRules['core/model-apis/<api>'] = {
  patterns: [...layeringRules.core.patterns, { regex: '^\\.\\./\\.\\./(?!\\.\\./schemas/|read-capped-body\\.ts$)', message: MODEL_APIS_WHY }],
  paths: layeringRules.core.paths,
};
// The CLI is a caller like the UIs: it goes through core/api's door (api.call), never around it
// into a handler's file.
layeringRules['core/cli'] = {
  patterns: [...layeringRules.core.patterns, { regex: '^\\.\\./api/handlers/', message: 'core/cli/ calls the API like every caller (api.call), never a handler\'s file in core/api/handlers/.' }],
  paths: layeringRules.core.paths,
};

// core/export/hub/ pushes a folder already exported to the Hugging Face Hub: of ours it imports
// schemas/ and the card's own header vocabulary (../card-metadata.ts), never the store, the jobs or
// the API, so a push can run from any caller with only a folder and a token.
layeringRules['core/export/hub'] = {
  patterns: [
    ...layeringRules.core.patterns,
    { regex: '^\\.\\./(?!\\.\\./\\.\\./schemas/|card-metadata\\.ts$)', message: 'core/export/hub/ pushes an exported folder: of ours it imports schemas/ and ../card-metadata.ts only, never the store, the jobs or the API.' },
  ],
  paths: layeringRules.core.paths,
};

const restrict = (folder) => ({
  files: [`${folder}/**/*.{ts,tsx,cts,mts}`],
  rules: { 'no-restricted-imports': ['error', layeringRules[folder]] },
});

const restrictInnerRoom = (name) => ({
  ...restrict(`core/${name}`),
  ignores: ['**/*.test.ts', '**/*.fixture.ts', '**/*.bench.ts'],
});

// Inside renderer/: the shell (renderer/app) renders the screens, so a screen imports nothing of
// the shell but the one mechanism that is for screens (following a job it started); api/ and ui/
// sit under both and import neither. Each room keeps renderer/'s own rules as well.
const RENDERER_SCREENS = ['annotator', 'arena', 'runs', 'judge', 'analysis', 'export'];
const rendererRoomRules = {
  screens: [
    {
      regex: '(^|/)app/(?!follow-started-job\\.ts$)',
      message: 'A screen never imports the shell (renderer/app renders the screens): take the client from renderer/api/connected-client.ts; of renderer/app only follow-started-job.ts is for screens.',
    },
  ],
  ui: [{ regex: `(^|/)(app|${RENDERER_SCREENS.join('|')})/`, message: 'renderer/ui is shared by the screens: it imports none of them, nor the shell.' }],
  api: [{ regex: '^\\.\\./(?!\\.\\./)', message: 'renderer/api is the client under everything: it imports schemas/, never the screens, the shell or ui/.' }],
};

const restrictRendererRoom = (folders, patterns) => ({
  files: folders.map((folder) => `renderer/${folder}/**/*.{ts,tsx}`),
  rules: { 'no-restricted-imports': ['error', { ...layeringRules.renderer, patterns: [...layeringRules.renderer.patterns, ...patterns] }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['electron/**/*.cts'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  restrict('schemas'),
  restrict('core'),
  restrict('core/random'),
  restrict('core/cli'),
  ...Object.keys(INNER_ROOMS).map(restrictInnerRoom),
  restrict('core/runs/harnesses/*'),
  restrictInnerRoom('export/hub'),
  ...Object.keys(RUNS_ROOMS_BELOW).map((name) => restrictInnerRoom(`runs/${name}`)),
  { files: ['core/model-apis/*.{ts,cts,mts}'], rules: { 'no-restricted-imports': ['error', layeringRules['core/model-apis']] } },
  { files: ['core/model-apis/*/**/*.{ts,cts,mts}'], rules: { 'no-restricted-imports': ['error', layeringRules['core/model-apis/<api>']] } },
  restrict('renderer'),
  restrictRendererRoom(RENDERER_SCREENS, rendererRoomRules.screens),
  restrictRendererRoom(['ui'], rendererRoomRules.ui),
  restrictRendererRoom(['api'], rendererRoomRules.api),
  restrict('electron'),
);
