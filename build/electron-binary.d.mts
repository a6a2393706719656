export function findElectronBinary(): { path: string } | { missing: string };
