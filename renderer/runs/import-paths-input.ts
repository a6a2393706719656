/** The import form's text, one folder per line, as paths to send, or what is wrong with it. */
export type ParsedImportPaths = { ok: true; paths: string[] } | { ok: false; message: string };

/** The contract's ceiling on paths in one import. */
const MAX_PATHS = 1000;

/** A full path on this machine: POSIX (/…), a Windows drive (C:\… or C:/…) or a UNC share (\\server\…). */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export function parseImportPaths(text: string): ParsedImportPaths {
  const paths = [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== ''))];
  if (paths.length === 0) {
    return { ok: false, message: 'Enter at least one folder path, one per line (for example /home/me/runs/bundle-01), then press Import.' };
  }
  const relative = paths.filter((path) => !ABSOLUTE.test(path));
  if (relative.length > 0) {
    return {
      ok: false,
      message: `Use full paths: ${relative.map((p) => `"${p}"`).join(', ')} ${relative.length === 1 ? 'is' : 'are'} relative, and would be read from wherever the app was started. Start each line with / (or a drive letter on Windows).`,
    };
  }
  if (paths.length > MAX_PATHS) {
    return { ok: false, message: `${paths.length} paths is more than ${MAX_PATHS} at once. Give the folder that holds them instead; it is searched a few levels deep.` };
  }
  return { ok: true, paths };
}
