// Async boundary: shared singletons (React, the store, ...) are negotiated before the app starts.
void import('./bootstrap');

export {};
