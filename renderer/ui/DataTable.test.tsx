import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './DataTable.tsx';

interface Invite {
  name: string;
  votes: number;
  active: boolean;
}

const invites: Invite[] = [
  { name: 'Ada', votes: 3, active: true },
  { name: 'Grace', votes: 0, active: false },
];

const columns: DataColumn<Invite>[] = [
  { head: 'Annotator', cell: (row) => row.name },
  { head: 'Votes', headClassName: 'number', className: 'number', cell: (row) => row.votes },
  { head: 'Actions', headHidden: true, className: (row) => (row.active ? undefined : 'muted'), cell: (row) => row.active && <button type="button">Revoke</button> },
];

describe('DataTable', () => {
  it('names the table by its caption, scopes each head to its column and heads each row with its first cell', () => {
    const html = renderToStaticMarkup(<DataTable caption="Invite links" className="study__table" columns={columns} rows={invites} rowKey={(row) => row.name} />);
    expect(html).toBe(
      '<table class="study__table"><caption>Invite links</caption>' +
        '<thead><tr><th scope="col">Annotator</th><th scope="col" class="number">Votes</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>' +
        '<tbody>' +
        '<tr><th scope="row">Ada</th><td class="number">3</td><td><button type="button">Revoke</button></td></tr>' +
        '<tr><th scope="row">Grace</th><td class="number">0</td><td class="muted"></td></tr>' +
        '</tbody></table>',
    );
  });

  it('takes a label when it shows no caption, and hides a caption that is for screen readers only', () => {
    expect(renderToStaticMarkup(<DataTable label="Invite links" columns={columns} rows={[]} rowKey={(row) => row.name} />)).toMatch(/^<table aria-label="Invite links"><thead>/);
    expect(renderToStaticMarkup(<DataTable caption="Anchors" captionClassName="visually-hidden" columns={columns} rows={[]} rowKey={(row) => row.name} />)).toMatch(
      /^<table><caption class="visually-hidden">Anchors<\/caption><thead>/,
    );
  });

  it('leaves out the columns given as false, and heads no row when the first column names nothing', () => {
    const html = renderToStaticMarkup(
      <DataTable columns={[columns[0]!, false, columns[1]!]} rows={invites.slice(0, 1)} rowKey={(row) => row.name} rowHeads={false} rowClassName={(row) => `invite-${row.name}`} />,
    );
    expect(html).toBe(
      '<table><thead><tr><th scope="col">Annotator</th><th scope="col" class="number">Votes</th></tr></thead>' +
        '<tbody><tr class="invite-Ada"><td>Ada</td><td class="number">3</td></tr></tbody></table>',
    );
  });
});
