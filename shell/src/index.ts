// Async boundary: shared singletons (React, the store, `shared`) are negotiated before the app starts.
void import('./bootstrap');

export {};
