export { startRealtimeServer } from './server.js';
export type { RealtimeServer, RealtimeServerOptions } from './server.js';
export { signChannel, verifyChannelAuth, verifyHttpSignature } from './protocol.js';
