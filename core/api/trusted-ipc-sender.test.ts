import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppUrl, isTrustedIpcSender } from './trusted-ipc-sender.ts';

const FOREIGN_URLS = [
  'file:///home/user/lhb/dist/renderer/index.html',
  'http://127.0.0.1:1/',
  'http://localhost:5173/index.html',
  'https://lhb/index.html',
  'app://evil/',
  'app://evil/index.html',
  'app://lhb.evil/',
  'app://evil.lhb/',
  'app://user@lhb/',
  'app://user:pass@lhb/index.html',
  'app://:pass@lhb/index.html',
  'app://lhb:8080/index.html',
  'app:lhb/index.html',
  'data:text/html,<p>hi</p>',
  'about:blank',
  '',
  'not a url',
];

describe('isTrustedIpcSender', () => {
  it('trusts our app page in the top frame', () => {
    expect(APP_ENTRY_URL).toBe('app://lhb/index.html');
    expect(isTrustedIpcSender('app://lhb/index.html', true)).toBe(true);
    expect(isTrustedIpcSender('app://lhb/index.html#/sources?x=1', true)).toBe(true);
  });

  it('never trusts a subframe, even one on our own origin', () => {
    expect(isTrustedIpcSender('app://lhb/index.html', false)).toBe(false);
  });

  it('refuses a sender without a URL', () => {
    expect(isTrustedIpcSender(undefined, true)).toBe(false);
  });

  it.each(FOREIGN_URLS)('refuses a top frame at %j', (url) => {
    expect(isTrustedIpcSender(url, true)).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('accepts app://lhb/ URLs', () => {
    expect(isAppUrl('app://lhb/')).toBe(true);
    expect(isAppUrl('app://lhb/index.html')).toBe(true);
    expect(isAppUrl('app://lhb/assets/app.js')).toBe(true);
  });

  it.each(FOREIGN_URLS)('refuses %j', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });
});
