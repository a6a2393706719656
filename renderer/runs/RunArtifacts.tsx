import { useState } from 'react';
import type { RunAssets } from '../../schemas/run-assets.ts';
import { AGENT_FRAME_SANDBOX } from '../arena/agent-frame-attributes.ts';

/**
 * A run's build, frames and video, from the asset server (another site than the app). The build
 * is untrusted agent output: it is framed exactly as the arena frames it, scripts only, in an
 * opaque origin, with no permissions and no Referer.
 */
export function RunArtifacts({ assets, label }: { assets: RunAssets; label: string }) {
  const [buildOpen, setBuildOpen] = useState(false);
  if (assets.unavailable) {
    return (
      <section className="run-artifacts" aria-labelledby="run-artifacts-title">
        <h3 id="run-artifacts-title">Build, frames and video</h3>
        <p className="muted">{assets.unavailable}</p>
      </section>
    );
  }
  const nothing = !assets.siteUrl && !assets.videoUrl && assets.frames.length === 0;
  return (
    <section className="run-artifacts" aria-labelledby="run-artifacts-title">
      <h3 id="run-artifacts-title">Build, frames and video</h3>
      {nothing && <p className="muted">This run left no build (out/dist/index.html), frames or video.</p>}
      {assets.siteUrl && (
        <div className="run-artifacts__build">
          <button type="button" aria-expanded={buildOpen} aria-controls="run-build-frame" onClick={() => setBuildOpen(!buildOpen)}>
            {buildOpen ? 'Hide build' : 'Open build'}
          </button>
          <span className="muted"> served sandboxed from its own origin; its scripts run, nothing else of the app is reachable.</span>
          {buildOpen && (
            <iframe
              id="run-build-frame"
              className="run-artifacts__frame"
              src={assets.siteUrl}
              sandbox={AGENT_FRAME_SANDBOX}
              referrerPolicy="no-referrer"
              allow=""
              title={`Build of ${label}`}
            />
          )}
        </div>
      )}
      {assets.frames.length > 0 && (
        <ul className="run-artifacts__frames" aria-label="Frames">
          {assets.frames.map((frame) => (
            <li key={frame.path}>
              <figure>
                <a href={frame.url} target="_blank" rel="noreferrer noopener">
                  <img src={frame.url} alt={`Frame ${frame.name}`} loading="lazy" referrerPolicy="no-referrer" />
                </a>
                <figcaption>
                  {frame.name}
                  {frame.route && <span className="muted"> · {frame.route}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {assets.videoUrl && (
        <figure className="run-artifacts__video">
          <video src={assets.videoUrl} controls preload="metadata" aria-label={`Video of ${label}`} />
          <figcaption className="muted">Screen recording</figcaption>
        </figure>
      )}
    </section>
  );
}
