import { appendOlderPage, mergeFirstPage } from './pagedRows';

describe('rows read a page at a time', () => {
  const row = (id: number, note = '') => ({ id, note });

  it('puts a fresh first page above the rows shown, replacing the rows it holds', () => {
    const shown = [row(3, 'pending'), row(2), row(1)];
    expect(mergeFirstPage([row(4), row(3), row(2)], shown)).toEqual([row(4), row(3), row(2), row(1)]);
  });

  it('appends an older page without repeating rows already shown', () => {
    expect(appendOlderPage([row(5), row(4)], [row(4), row(3)]).map((r) => r.id)).toEqual([5, 4, 3]);
  });
});
