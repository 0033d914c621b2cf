import type { FastifyInstance } from 'fastify';
import { badRequest, tooManyRequests } from '../http/errors.js';
import { send } from '../http/reply.js';
import { envelope, listOf, responses } from '../http/schemas.js';

/**
 * Where browsers report what the page's Content-Security-Policy refused (scripts/pageSecurity.mjs names
 * this address in `report-uri`). Each team deploys its remote on its own; a remote that starts loading
 * from a new origin, or a script injected into a page, shows up in the API's log as a warning instead of
 * only in one user's console. Browsers send these reports without credentials: no sign-in here.
 */

/** One refusal, as logged: addresses without their query or fragment (they may carry tokens). */
export interface CspViolation {
  directive: string;
  blocked: string;
  document: string;
  source: string | null;
  line: number | null;
  disposition: string;
}

/** Reports kept per request and logged; a page refusing more at once is reporting the same thing. */
const MAX_PER_REQUEST = 20;
/** The newest reports kept in memory for GET /api/dev/csp-reports (development only). */
const KEPT = 100;
/** A real report is about 1 KB (the policy itself is most of it). */
const BODY_LIMIT = 64 * 1024;

const NOT_A_REPORT = 'The body is not a Content-Security-Policy report.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value.slice(0, 300) : fallback);

/** An address without query and fragment; keywords such as 'inline' or 'eval' stay as they are. */
function withoutQuery(value: unknown): string {
  const address = text(value);
  try {
    const url = new URL(address);
    return url.protocol === 'data:' || url.protocol === 'blob:' ? url.protocol : `${url.origin}${url.pathname}`;
  } catch {
    return address;
  }
}

function violation(fields: {
  directive: unknown;
  blocked: unknown;
  document: unknown;
  source: unknown;
  line: unknown;
  disposition: unknown;
}): CspViolation {
  const source = withoutQuery(fields.source);
  return {
    directive: text(fields.directive, 'unknown'),
    blocked: withoutQuery(fields.blocked) || 'unknown',
    document: withoutQuery(fields.document),
    source: source || null,
    line: Number.isInteger(fields.line) ? (fields.line as number) : null,
    disposition: text(fields.disposition, 'enforce'),
  };
}

/** Whether `report` is an object with a text in at least one of the `members` every report of its format has. */
const hasTextIn = (report: unknown, members: string[]): report is Record<string, unknown> =>
  isRecord(report) && members.some((member) => Object.hasOwn(report, member) && typeof report[member] === 'string');

const LEGACY_MEMBERS = ['violated-directive', 'effective-directive', 'blocked-uri', 'document-uri'];
const REPORTING_API_MEMBERS = ['effectiveDirective', 'blockedURL', 'documentURL'];

/**
 * The violations of a report body: `report-uri`'s `{ "csp-report": {...} }`, or the Reporting API's list
 * of `{ type: "csp-violation", body: {...} }` (other report types are left out). Null when it is neither,
 * or when it holds no violation.
 */
export function violationsOf(body: unknown): CspViolation[] | null {
  if (isRecord(body) && hasTextIn(body['csp-report'], LEGACY_MEMBERS)) {
    const report = body['csp-report'];
    return [
      violation({
        directive: report['effective-directive'] ?? report['violated-directive'],
        blocked: report['blocked-uri'],
        document: report['document-uri'],
        source: report['source-file'],
        line: report['line-number'],
        disposition: report.disposition,
      }),
    ];
  }
  if (Array.isArray(body)) {
    const reports = body.filter(
      (report): report is Record<string, unknown> =>
        isRecord(report) && report.type === 'csp-violation' && hasTextIn(report.body, REPORTING_API_MEMBERS),
    );
    if (reports.length === 0) return null;
    return reports.slice(0, MAX_PER_REQUEST).map((report) => {
      const fields = report.body as Record<string, unknown>;
      return violation({
        directive: fields.effectiveDirective,
        blocked: fields.blockedURL,
        document: fields.documentURL ?? report.url,
        source: fields.sourceFile,
        line: fields.lineNumber,
        disposition: fields.disposition,
      });
    });
  }
  return null;
}

export default async function cspReportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const recent: (CspViolation & { received_at: string })[] = [];

  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(NOT_A_REPORT), undefined);
      }
    });
  }

  app.post(
    '/api/csp-reports',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['security'],
        summary: "A browser's report of what the page's Content-Security-Policy refused; logged as a warning",
        response: responses({ 204: { type: 'null' } }, [400, 413, 415, 429]),
      },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      if (!violations) throw badRequest(NOT_A_REPORT);
      // Per client address: a page in a loop cannot flood the log.
      const wait = await ctx.cspReportThrottle.attempt(request.ip);
      if (wait > 0) throw tooManyRequests(`Too many reports. Please try again in ${wait} seconds.`, wait);
      const receivedAt = ctx.clock.now().toISOString();
      for (const csp of violations) {
        request.log.warn({ csp }, 'Content-Security-Policy violation');
        recent.unshift({ ...csp, received_at: receivedAt });
      }
      recent.splice(KEPT);
      return reply.status(204).send();
    },
  );

  if (ctx.config.isProduction) return;
  app.get(
    '/api/dev/csp-reports',
    {
      schema: {
        tags: ['development'],
        summary: 'The newest Content-Security-Policy reports received (development only)',
        response: responses({
          200: envelope(
            listOf({
              type: 'object',
              properties: {
                directive: { type: 'string' },
                blocked: { type: 'string' },
                document: { type: 'string' },
                source: { type: ['string', 'null'] },
                line: { type: ['integer', 'null'] },
                disposition: { type: 'string' },
                received_at: { type: 'string' },
              },
            }),
          ),
        }),
      },
    },
    async (_request, reply) => send(reply, recent),
  );
}
