import type { RunFindingRow } from '../../store/run-repository.ts';
import type { TaskFrameRow } from '../../store/task-repository.ts';
import type { BundleArtifact } from './bundle-artifacts.ts';
import { captureFrames, type CapturedFrame } from './frame-capture.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';

/**
 * Screenshots a Figma bundle's build at its task's frames, for a bundle that brought a build but
 * no frames: the captured files join the bundle's artifacts, and what could not be captured
 * becomes a finding per frame. Without a browser the run still imports; voters see "no frame".
 */
export async function captureBundleFrames(
  dist: string,
  frames: readonly TaskFrameRow[],
  outDir: string,
  chromiumPath: string | undefined,
): Promise<{ files: BundleArtifact[]; findings: RunFindingRow[] }> {
  let captured: CapturedFrame[];
  try {
    captured = await captureFrames({
      distDir: dist,
      outDir,
      frames: frames.map((frame) => ({
        nodeId: frame.node_id,
        targetRoute: frame.target_route,
        ...(frame.viewport_width && frame.viewport_height ? { viewport: { width: frame.viewport_width, height: frame.viewport_height } } : {}),
      })),
      ...(chromiumPath ? { chromiumPath } : {}),
    });
  } catch (error) {
    // No browser here (or it would not start): the run still imports; the voter sees "no frame".
    const detail = `Frames were not captured: ${error instanceof Error ? error.message : String(error)}`;
    return { files: [], findings: frames.map((frame) => ({ run_id: '', node_id: frame.node_id, kind: 'capture-skipped', detail })) };
  }
  const files: BundleArtifact[] = [];
  const findings: RunFindingRow[] = [];
  for (const frame of captured) {
    if (frame.path) files.push({ path: `frames/${frameCaptureFileName(frame.nodeId)}`, absolute: frame.path });
    for (const finding of frame.findings) findings.push({ run_id: '', node_id: frame.nodeId, kind: finding.kind, detail: finding.detail });
  }
  return { files, findings };
}
