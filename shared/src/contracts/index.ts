export * from './entities';
export * from './events';
export * from './remote';
export * from './navigation';
export * from './email';
export * from './textRules';
