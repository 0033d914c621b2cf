import './ui.css';

export * from './Loader';
export * from './PageTitle';
export * from './Avatar';
export * from './ErrorState';
export * from './PlaceholderPage';
export * from './ErrorBoundary';
export * from './Dialog';
