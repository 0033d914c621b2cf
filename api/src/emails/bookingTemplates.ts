/**
 * The booking e-mails (issue 13): each one a subject, a plain-text body and an HTML body, built from
 * small templates. Names and addresses come from users, so the HTML escapes every value.
 */

export interface Email {
  subject: string;
  text: string;
  html: string;
}

export interface BookingFacts {
  jobId: number;
  service: string;
  customer: string;
  provider: string;
  address: string;
  destination: string;
  /** The day and time the customer asked for, as the app writes them (formatRequestedTime); null when none. */
  requested: string | null;
  appUrl: string;
}

export interface ReceiptFacts {
  kind: 'charge' | 'refund';
  jobId: number;
  service: string;
  /** e.g. '10.00 INR' */
  amount: string;
  card: string;
  date: string;
  reference: string;
  /** The booking's requested day and time, as in BookingFacts. */
  requested: string | null;
  appUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One paragraph per line of text; `link` becomes a button-like link in HTML and a bare URL in text. */
function compose(subject: string, lines: string[], link?: { label: string; url: string }): Email {
  const footer = 'You get this e-mail because of a booking on the marketplace. Turn these e-mails off on Edit Profile.';
  const text = [...lines, ...(link ? [`${link.label}: ${link.url}`] : []), '', footer].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
${paragraphs}
${button}
<p style="color:#6b7280;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The requested day and time, when the customer gave one: a line of its own. */
const requested = (f: { requested: string | null }) => (f.requested ? [`Requested for: ${f.requested}`] : []);
const route = (f: BookingFacts) => `From ${f.address} to ${f.destination}.`;
const REFUNDED = 'Your booking payment of 10.00 INR has been refunded to your card.';

export const bookingTemplates = {
  newRequest: (f: BookingFacts) =>
    compose(
      `New booking request #${f.jobId}: ${f.service}`,
      [`Hello ${f.provider},`, `${f.customer} has requested a ${f.service} booking (#${f.jobId}).`, ...requested(f), route(f)],
      { label: 'See your job requests', url: `${f.appUrl}/jobrequest` },
    ),
  accepted: (f: BookingFacts) =>
    compose(
      `Your booking #${f.jobId} was accepted`,
      [`Hello ${f.customer},`, `${f.provider} accepted your ${f.service} booking (#${f.jobId}).`, ...requested(f), route(f)],
      { label: 'See your booking', url: `${f.appUrl}/activebooking` },
    ),
  rejected: (f: BookingFacts) =>
    compose(`Your booking #${f.jobId} was rejected`, [
      `Hello ${f.customer},`,
      `${f.provider} rejected your ${f.service} booking (#${f.jobId}).`,
      ...requested(f),
      REFUNDED,
    ]),
  expired: (f: BookingFacts) =>
    compose(`Your booking request #${f.jobId} expired`, [
      `Hello ${f.customer},`,
      `Your ${f.service} booking request (#${f.jobId}) expired before ${f.provider} answered it.`,
      ...requested(f),
      REFUNDED,
    ]),
  cancelled: (f: BookingFacts) =>
    compose(`Booking request #${f.jobId} was cancelled`, [
      `Hello ${f.provider},`,
      `${f.customer} cancelled their ${f.service} booking request (#${f.jobId}). You do not need to do anything.`,
      ...requested(f),
    ]),
  completed: (f: BookingFacts) =>
    compose(
      `Your booking #${f.jobId} is finished: rate your ride`,
      [
        `Hello ${f.customer},`,
        `${f.provider} has finished your ${f.service} booking (#${f.jobId}).`,
        ...requested(f),
        'How was it?',
      ],
      { label: 'Rate your booking', url: `${f.appUrl}/bookingfinished?job=${f.jobId}` },
    ),
  receipt: (r: ReceiptFacts) =>
    compose(
      r.kind === 'charge' ? `Receipt: ${r.amount} for booking #${r.jobId}` : `Refund: ${r.amount} for booking #${r.jobId}`,
      [
        r.kind === 'charge'
          ? `We charged ${r.amount} to ${r.card} for your ${r.service} booking (#${r.jobId}).`
          : `We refunded ${r.amount} to ${r.card} for your ${r.service} booking (#${r.jobId}).`,
        ...requested(r),
        `Date: ${r.date}`,
        `Reference: ${r.reference}`,
      ],
      { label: 'See your payment history', url: `${r.appUrl}/payment` },
    ),
};
