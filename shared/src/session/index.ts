export * from './sessionSlice';
export * from './persistence';
export * from './hooks';
export * from './heldForLogin';
