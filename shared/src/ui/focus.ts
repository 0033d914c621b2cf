/**
 * Whether the focus is nowhere: on the page itself, as when the focused control was removed or disabled
 * (the browser then moves it to the document). A screen that did that puts it somewhere useful instead.
 * Imported by path (shared/src/ui/focus): it is not in the shared chunk every page loads.
 */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;
