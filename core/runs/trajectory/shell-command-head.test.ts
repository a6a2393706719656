import { describe, expect, it } from 'vitest';
import { shellCommandHead, splitShellWords } from './shell-command-head.ts';
import { toolCallAction } from './tool-call-action.ts';

describe('shellCommandHead', () => {
  it.each([
    ['ls /definitely-missing-dir', 'ls'],
    ['ls out/dist', 'ls'],
    ['npm run build', 'npm run build'],
    ['npm run build 2>&1 | tail -20', 'npm run build'],
    ['cd app && npm run build', 'npm run build'],
    ['mkdir -p out/dist && cp index.html out/dist/ && echo done', 'cp'],
    ['npm install && npm run build', 'npm run build'],
    ['npm i react', 'npm install'],
    ['npm ci', 'npm install'],
    ['npm t', 'npm test'],
    ['pnpm dlx vite build', 'vite build'],
    ['npx --yes vite build --outDir out/dist', 'vite build'],
    ['NODE_ENV=production CI=1 npx tsc -p .', 'tsc'],
    ['sudo -E timeout 60 python3 -m pytest -q', 'python -m pytest'],
    ['/usr/bin/python3.11 scripts/make_data.py --rows 10', 'python make_data.py'],
    ['python -c "print(1)"', 'python -c'],
    ['node ./server.js', 'node server.js'],
    ["bash -lc 'cd /work && ls -la out'", 'ls'],
    ['/bin/sh -c "npm run build && echo ok"', 'npm run build'],
    ['bash build.sh', 'bash build.sh'],
    ['git -C repo commit -m "x; y"', 'git commit'],
    ['npm --prefix app run build', 'npm run build'],
    ['cd out', 'cd'],
    ['echo "a && b"', 'echo'],
    ['cat file.txt # ls later', 'cat'],
    ['make -j4', 'make'],
    ['', ''],
  ])('%j → %j', (command, head) => {
    expect(shellCommandHead(command)).toBe(head);
  });

  it('reads an argv array as words without re-splitting them', () => {
    expect(shellCommandHead(['bash', '-lc', 'npm test -- --run'])).toBe('npm test');
    expect(shellCommandHead(['ls', 'a b'])).toBe('ls');
  });

  it('splits on control operators but not inside quotes or redirections', () => {
    expect(splitShellWords(`a "b && c" 2>&1 && d | e; f & g`)).toEqual([
      { word: 'a', operator: false },
      { word: 'b && c', operator: false },
      { word: '2>&1', operator: false },
      { word: '&&', operator: true },
      { word: 'd', operator: false },
      { word: '|', operator: true },
      { word: 'e', operator: false },
      { word: ';', operator: true },
      { word: 'f', operator: false },
      { word: ';', operator: true },
      { word: 'g', operator: false },
    ]);
  });
});

describe('toolCallAction', () => {
  it('reads shell calls of every harness by their command', () => {
    expect(toolCallAction({ name: 'Bash', arguments: { command: 'ls out/dist', description: 'x' } })).toMatchObject({ family: 'shell', key: 'shell:ls' });
    expect(toolCallAction({ name: 'run_shell_command', arguments: { command: 'npm run build', dir_path: 'app' } })).toMatchObject({ family: 'build', key: 'build' });
    expect(toolCallAction({ name: 'command_execution', arguments: { command: "bash -lc 'npx vitest run'" } })).toMatchObject({ family: 'test', key: 'test' });
    expect(toolCallAction({ name: 'shell', arguments: { command: ['bash', '-lc', 'pytest -x'] } })).toMatchObject({ family: 'test', key: 'test', command: 'bash -lc pytest -x' });
    expect(toolCallAction({ name: 'exec_command', arguments: '{"cmd":"tsc --noEmit"}' })).toMatchObject({ family: 'build', key: 'build' });
  });

  it('reads file tools by kind and normalised path', () => {
    expect(toolCallAction({ name: 'Edit', arguments: { file_path: '/w/src/../src/App.tsx' } }).key).toBe('write:/w/src/App.tsx');
    expect(toolCallAction({ name: 'Write', arguments: { file_path: '/w/src/App.tsx' } }).key).toBe('write:/w/src/App.tsx');
    expect(toolCallAction({ name: 'replace', arguments: { file_path: './src/App.tsx' } }).key).toBe('write:src/App.tsx');
    expect(toolCallAction({ name: 'read_file', arguments: { absolute_path: '/w/README.md' } }).key).toBe('read:/w/README.md');
    expect(toolCallAction({ name: 'Read', arguments: { file_path: '/w/README.md' } }).key).toBe('read:/w/README.md');
    expect(toolCallAction({ name: 'list_directory', arguments: { dir_path: '/w/src/' } }).key).toBe('search:/w/src');
    expect(toolCallAction({ name: 'file_change', arguments: { changes: [{ path: 'out/dist/index.html', kind: 'add' }] } }).key).toBe('write:out/dist/index.html');
  });

  it('falls back to the tool name', () => {
    expect(toolCallAction({ name: 'WebFetch', arguments: { url: 'https://example.com' } }).key).toBe('tool:WebFetch');
    expect(toolCallAction({ name: 'TodoWrite', arguments: { todos: [] } }).key).toBe('tool:TodoWrite');
    expect(toolCallAction({ name: 'mcp__lhb__verify', arguments: null }).key).toBe('tool:mcp__lhb__verify');
  });
});
