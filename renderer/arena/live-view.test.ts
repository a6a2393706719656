import { describe, expect, it } from 'vitest';
import { AGENT_FRAME_SANDBOX, agentFrameAttributes } from './agent-frame-attributes.ts';
import { fitViewport, liveUrl } from './live-view.ts';

describe('the live build view', () => {
  it('appends a route to the build base without its leading slash', () => {
    expect(liveUrl('http://127.0.0.1:5000/a/tok/site/', '/')).toBe('http://127.0.0.1:5000/a/tok/site/');
    expect(liveUrl('http://127.0.0.1:5000/a/tok/site/', '/pricing')).toBe('http://127.0.0.1:5000/a/tok/site/pricing');
    expect(liveUrl('http://h/site/', 'about')).toBe('http://h/site/about');
  });

  it('shrinks a wide page to fit, never enlarges a narrow one', () => {
    const wide = fitViewport({ width: 1440, height: 900 }, { width: 720, height: 600 });
    expect(wide).toEqual({ width: 1440, height: 1200, scale: 0.5, boxWidth: 720, boxHeight: 600 });
    const narrow = fitViewport({ width: 390, height: 844 }, { width: 1200, height: 700 });
    expect(narrow).toMatchObject({ width: 390, height: 844, scale: 1, boxWidth: 390, boxHeight: 844 });
    // Before the space is measured: the page at its own size.
    expect(fitViewport({ width: 1280, height: 720 }, { width: 0, height: 0 })).toMatchObject({ scale: 1, width: 1280, height: 720 });
  });
});

describe('agent frames', () => {
  it('allow scripts and nothing else: no same origin, navigation, popups, modals or permissions', () => {
    expect(AGENT_FRAME_SANDBOX).toBe('allow-scripts');
    const attributes = agentFrameAttributes('left', 'http://h/site/');
    expect(attributes).toEqual({ src: 'http://h/site/', sandbox: 'allow-scripts', referrerPolicy: 'no-referrer', allow: '', title: 'Left output' });
    expect(agentFrameAttributes('right', 'x').title).toBe('Right output');
  });
});
