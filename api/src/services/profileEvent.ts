import { ownChannelEvent, type RealtimeEvent } from './publisher.js';

/**
 * 'Profile' on the user's own channel: their profile changed (name, picture, a provider's price, bio,
 * experience, or the services they offer), so their other tabs and devices read it again: the top bar's
 * name and picture, a provider's Get started and All Services. The asking tab (X-Socket-ID) has it from
 * the answer. Nobody else is told.
 */
export const profileEvent = (userId: number, exceptSocketId?: string): RealtimeEvent =>
  ownChannelEvent(userId, 'Profile', {}, exceptSocketId);
