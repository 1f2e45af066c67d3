import { describe, expect, it } from 'vitest';
import { mergePageSelection } from './pagedTable';

const row = (account_id: number) => ({ account_id });
const keyOf = (r: { account_id: number }) => r.account_id;

describe('mergePageSelection', () => {
  it('keeps the rows of other pages and takes this page from the table', () => {
    const current = [row(1), row(2), row(11)];
    const page = [row(11), row(12), row(13)];
    expect(mergePageSelection(current, page, [row(12), row(13)], keyOf)).toEqual([
      row(1),
      row(2),
      row(12),
      row(13),
    ]);
  });

  it('drops this page when the table reports nothing, and ignores rows not on the page', () => {
    const current = [row(1), row(11)];
    const page = [row(11), row(12)];
    expect(mergePageSelection(current, page, [], keyOf)).toEqual([row(1)]);
    expect(mergePageSelection(current, page, [undefined, row(1), row(12)], keyOf)).toEqual([row(1), row(12)]);
  });
});
