// Accessibility of every signed-in route as a Provider: axe on a desktop and a phone, nothing cut off on a
// phone, the app's typeface, and nothing refused by the Content-Security-Policy (support/a11yAudit.ts).
import { auditSignedInRoutes } from '../support/a11yAudit.ts';

auditSignedInRoutes('Provider');
