/** Rows of a list read a page at a time, each with its id. */
export interface Row {
  id: number;
}

/**
 * A fresh first page over the rows already shown: its rows come first (new rows, and rows that
 * changed); shown rows it does not hold stay below, once.
 */
export function mergeFirstPage<T extends Row>(firstPage: readonly T[], shown: readonly T[]): T[] {
  const ids = new Set(firstPage.map((r) => r.id));
  return [...firstPage, ...shown.filter((r) => !ids.has(r.id))];
}

/** An older page appended below the rows shown, skipping rows already there (new rows shift the pages). */
export function appendOlderPage<T extends Row>(shown: readonly T[], older: readonly T[]): T[] {
  const ids = new Set(shown.map((r) => r.id));
  return [...shown, ...older.filter((r) => !ids.has(r.id))];
}
