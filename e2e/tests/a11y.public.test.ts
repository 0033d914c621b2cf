// Accessibility of the public routes, signed out: axe on a desktop and a phone, nothing cut off on a
// phone, the app's typeface, and nothing refused by the Content-Security-Policy (support/a11yAudit.ts).
import { auditPublicRoutes } from '../support/a11yAudit.ts';

auditPublicRoutes();
