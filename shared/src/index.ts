export * from './contracts';
export * from './config';
export * from './bus';
export * from './api';
export * from './session';
export * from './ui';
