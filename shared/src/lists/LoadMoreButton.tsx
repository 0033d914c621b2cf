/**
 * Load more below a paged list: busy (aria-disabled, not disabled, which would drop the keyboard's focus to
 * the page) and saying 'Loading…' while the page comes. Imported by path, with `useFocusFirstLoaded`.
 */
export function LoadMoreButton({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  return (
    <button
      type="button"
      className="ui-button"
      onClick={loading ? undefined : onLoadMore}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
    >
      {loading ? 'Loading…' : 'Load more'}
    </button>
  );
}
