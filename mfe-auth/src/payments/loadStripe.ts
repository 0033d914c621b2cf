import type { Stripe } from '@stripe/stripe-js';

/** `loadStripe` can hang forever on a blocked network, so it always races a timeout. */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;

let cached: { key: string; promise: Promise<Stripe> } | null = null;

/**
 * Loads Stripe.js for a publishable key. The SDK is imported dynamically (never in the login
 * bundle) and only when a key is configured. A failure is not cached, so Retry loads again.
 */
export function loadStripeWithTimeout(key: string, timeoutMs = STRIPE_LOAD_TIMEOUT_MS): Promise<Stripe> {
  if (!key) return Promise.reject(new Error('No card provider key is configured.'));
  if (cached?.key === key) return cached.promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The card provider did not answer in time.')), timeoutMs);
  });
  const load = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key));
  const promise = Promise.race([load, timeout])
    .then((stripe) => {
      if (!stripe) throw new Error('The card provider could not be loaded.');
      return stripe;
    })
    .finally(() => clearTimeout(timer));
  cached = { key, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}
