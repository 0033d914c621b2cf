/**
 * Which of a provider's devices shares (api/firebase/README.md: `device` and `since`): the tabs of one
 * browser take turns through a Web Lock, but a provider signed in on a phone and a laptop has two browsers,
 * and both writing would make the customer's pin jump between them. Each write therefore carries a claim, the
 * browser's device id and the moment it claimed the sharing (server time); the device whose claim is newest
 * writes, the others hear it on their own node and stay quiet. A device claims anew when the provider turns
 * to it (opens the app in front, switches to its tab, touches it while another device shares) or when the
 * device that shares has gone quiet.
 */

import { storedRandomId } from 'shared';

export interface SharingClaim {
  /** This browser's id (the same in all its tabs). */
  device: string;
  /** When this device claimed the sharing, in the location server's time (ms). */
  since: number;
}

const DEVICE_KEY = 'marketplace-location-device';
const CLAIM_KEY = 'marketplace-location-claim';
/** Where the tab holding the browser's watch says whether it lets another device share (other tabs listen). */
export const YIELDED_KEY = 'marketplace-location-yielded';

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** This browser's device id: kept in localStorage, so every tab (and every reload) is the same device. */
export function deviceId(): string {
  return storedRandomId(DEVICE_KEY);
}

/** Whether claim `a` is newer than `b` (equal times: the larger device id, so that both devices agree). */
export function isNewerClaim(a: SharingClaim, b: SharingClaim): boolean {
  return a.since > b.since || (a.since === b.since && a.device > b.device);
}

/**
 * The claim this browser made last for this user, so that a tab taking the watch over from one that
 * closed continues it instead of taking the sharing from another device the provider turned to since.
 */
export function storedClaim(userId: number): SharingClaim | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(CLAIM_KEY) ?? 'null');
    const claim = value as { userId?: unknown; device?: unknown; since?: unknown } | null;
    if (claim?.userId !== userId || typeof claim.device !== 'string' || typeof claim.since !== 'number') return null;
    return { device: claim.device, since: claim.since };
  } catch {
    return null;
  }
}

export function storeClaim(userId: number, claim: SharingClaim): void {
  try {
    storage()?.setItem(CLAIM_KEY, JSON.stringify({ userId, ...claim }));
  } catch {
    // Not kept: a tab taking over claims anew.
  }
}

/** Kept by the tab holding the watch: whether it lets another device of this user share. */
export function storeYielded(userId: number, yielded: boolean): void {
  try {
    storage()?.setItem(YIELDED_KEY, JSON.stringify({ userId, yielded }));
  } catch {
    // Not kept: the other tabs of this browser say that a tab of it shares.
  }
}

/** Whether the tab of this browser that holds the watch lets another device of this user share. */
export function browserYielded(userId: number): boolean {
  try {
    const value = JSON.parse(storage()?.getItem(YIELDED_KEY) ?? 'null') as { userId?: unknown; yielded?: unknown } | null;
    return value?.userId === userId && value.yielded === true;
  } catch {
    return false;
  }
}
