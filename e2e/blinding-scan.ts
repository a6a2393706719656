import type { Page } from '@playwright/test';

/**
 * Records everything a voter's browser receives or shows (requests with their bodies, RPC
 * responses, frame navigations, and on `snapshot` the title and the DOM of every frame), so a
 * spec can fail on any run id, harness or model name in it.
 */
export class BlindingScan {
  readonly seen: string[] = [];

  constructor(private readonly page: Page) {
    page.on('request', (request) => this.seen.push(`request ${request.method()} ${request.url()} ${request.postData() ?? ''}`));
    page.on('response', async (response) => {
      if (!/\/rpc\//.test(response.url())) return;
      this.seen.push(`response ${response.url()} ${await response.text().catch(() => '')}`);
    });
    page.on('framenavigated', (frame) => this.seen.push(`frame ${frame.url()}`));
  }

  async snapshot(label: string): Promise<void> {
    this.seen.push(`title ${label} ${await this.page.title()}`);
    for (const frame of this.page.frames()) this.seen.push(`dom ${label} ${frame.url()} ${await frame.content().catch(() => '')}`);
  }

  /** The secrets (case-insensitive) found anywhere in what was recorded. */
  leaksOf(secrets: readonly string[]): string[] {
    const text = this.seen.join('\n').toLowerCase();
    return secrets.filter((secret) => text.includes(secret.toLowerCase()));
  }
}
