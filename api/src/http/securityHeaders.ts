import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to a response: headers it sets and headers it removes, in its order. */
type Step = { set: string; value: string | number | readonly string[] } | { remove: string };

/** helmet's options for the API. */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  // The app's origins load /uploads images and /static icons.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Served over plain http in development; upgrading would break /api/docs on localhost.
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
};

/** Runs helmet's middleware once on a stand-in response and records what it does. */
function record(options: Readonly<HelmetOptions>): Step[] | null {
  const middleware = helmet(options);
  const steps: Step[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return res;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let completed = false;
  let failed = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    completed = true;
    failed = err !== undefined && err !== null;
  });
  return completed && !failed ? steps : null;
}

/**
 * helmet's security headers as a function applying them to a response. helmet's headers depend
 * only on its options (there are no nonces or function directives here), so they are worked out
 * once, and each response gets the same `setHeader`/`removeHeader` calls helmet would make, without
 * running its chain of twelve middlewares per request. Options that would make helmet compute a
 * header per request (a function among the CSP directives) are refused.
 */
export function securityHeaders(
  options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS,
): (res: Pick<ServerResponse, 'setHeader' | 'removeHeader'>) => void {
  const directives = (options.contentSecurityPolicy as { directives?: Record<string, unknown> } | undefined)?.directives ?? {};
  const perRequest = Object.values(directives).some(
    (v) => typeof v === 'function' || (Array.isArray(v) && v.some((d) => typeof d === 'function')),
  );
  const steps = perRequest ? null : record(options);
  if (!steps) throw new Error('securityHeaders: these helmet options make headers per request');
  return (res) => {
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
  };
}
