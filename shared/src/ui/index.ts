// ui.css is not imported here: the shell inlines it into its index.html (with its own styles.css), so the
// composed app is styled before any script runs; a remote's standalone harness imports it itself.

export * from './Loader';
export * from './PageTitle';
export * from './Avatar';
export * from './ErrorState';
export * from './PlaceholderPage';
export * from './ErrorBoundary';
export * from './Dialog';
export * from './leaveGuard';
export * from './LeavePrompt';
export * from './stillShown';
export * from './EmailAddress';
