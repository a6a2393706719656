import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The Arena screen as a voter and a study owner find it: by roles and accessible names only.
 * Open the app on `#/arena` first (e.g. `page.goto(url + '#/arena')`).
 */
export class ArenaPage {
  constructor(readonly page: Page) {}

  get pair(): Locator {
    return this.page.getByRole('region', { name: 'Pair' });
  }

  get vote(): Locator {
    return this.page.getByRole('region', { name: 'Vote', exact: true });
  }

  get votesList(): Locator {
    return this.page.getByRole('list', { name: 'Your votes' });
  }

  get study(): Locator {
    return this.page.getByRole('region', { name: 'Study' });
  }

  /** The choice radios' group and the two rating groups, whose radios carry aria-checked. */
  get preference(): Locator {
    return this.vote.getByRole('radiogroup', { name: 'Your preference' });
  }

  rating(side: 'Left' | 'Right'): Locator {
    return this.vote.getByRole('radiogroup', { name: `${side} rating` });
  }

  async showTab(name: 'Vote' | 'Study'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
    await expect(this.page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }

  /** Votes as `name`: picks the profile, or creates it when it does not exist yet. */
  async pickAnnotator(name: string): Promise<void> {
    const votingAs = this.page.getByText(/^Voting as /);
    const picker = this.page.getByRole('region', { name: 'Who is voting?' });
    await expect(votingAs.or(picker).first()).toBeVisible();
    if (await votingAs.isVisible()) {
      if ((await votingAs.locator('strong').textContent()) === name) return;
      await this.page.getByRole('button', { name: /^Change annotator/ }).click();
    }
    await expect(picker).toBeVisible();
    const existing = picker.getByRole('list', { name: 'Annotators' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)} ·`) });
    if ((await existing.count()) > 0) {
      await existing.click();
    } else {
      await picker.getByRole('textbox', { name: 'Your name' }).fill(name);
      await picker.getByRole('button', { name: 'Add and start voting' }).click();
    }
    await expect(votingAs.locator('strong')).toHaveText(name);
  }

  /** Waits until a pair is on screen and ready for a vote. */
  async waitForPair(): Promise<void> {
    await expect(this.pair.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(this.pair).toHaveAttribute('aria-busy', 'false');
    await expect(this.preference).toBeVisible();
  }

  /**
   * Votes with the keyboard only: Esc (so focus is on no button, whose Enter would press it),
   * the choice key (←, →, A, D, T or B, as `ArrowLeft`/`a`/…), the Left digit, the Right digit,
   * then Enter; waits until the vote is recorded.
   */
  async voteWithKeys(choiceKey: string, leftDigit: number, rightDigit: number): Promise<void> {
    await this.waitForPair();
    const before = await this.recordedCount();
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press(choiceKey);
    await this.page.keyboard.press(String(leftDigit));
    await this.page.keyboard.press(String(rightDigit));
    await expect(this.rating('Left').getByRole('radio', { name: new RegExp(`^${leftDigit}:`) })).toHaveAttribute('aria-checked', 'true');
    await expect(this.rating('Right').getByRole('radio', { name: new RegExp(`^${rightDigit}:`) })).toHaveAttribute('aria-checked', 'true');
    await this.page.keyboard.press('Enter');
    // A preferred side rated lower than the other is asked about once; Enter again keeps the vote.
    const preferred = ['ArrowLeft', 'a'].includes(choiceKey) ? leftDigit : ['ArrowRight', 'd'].includes(choiceKey) ? rightDigit : undefined;
    const other = preferred === leftDigit ? rightDigit : leftDigit;
    if (preferred !== undefined && preferred < other) {
      await expect(this.vote.getByRole('alert')).toContainText(`rated it lower than ${preferred === leftDigit ? 'Right' : 'Left'} (${preferred} against ${other})`);
      expect(await this.recordedCount()).toBe(before);
      await this.page.keyboard.press('Enter');
    }
    await expect.poll(() => this.recordedCount()).toBe(before + 1);
  }

  /** Ctrl+Z: retracts the last vote; waits until the list has one row fewer. */
  async undo(): Promise<void> {
    const before = await this.recordedCount();
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('Control+z');
    await expect.poll(() => this.recordedCount()).toBe(Math.max(0, before - 1));
  }

  /** The "Your votes" rows' text, newest first. */
  async yourVotes(): Promise<string[]> {
    if ((await this.votesList.count()) === 0) return [];
    return (await this.votesList.locator('[data-vote-id]').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** "12 of 40 pairs". */
  async progressText(): Promise<string> {
    const text = this.page.getByRole('group', { name: 'Your progress' }).getByText(/^\d+ of \d+ pairs?$/);
    await expect(text).toBeVisible();
    return (await text.textContent()) ?? '';
  }

  private async recordedCount(): Promise<number> {
    return (await this.yourVotes()).length;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
