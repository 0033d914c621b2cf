/**
 * The shell's own lazily loaded pages. Signed in, bootstrap.tsx loads the layout (and Home on /) at start-up
 * with loadComponent, so that AppRoutes shows them at once (components/loadedComponents.tsx).
 */
export const loadLayout = () =>
  import(/* webpackChunkName: "layout" */ '../layout/Layout').then((module) => ({ default: module.Layout }));
export const loadHomePage = () => import(/* webpackChunkName: "home" */ '../pages/HomePage');
export const loadNotificationsPage = () => import('../pages/NotificationsPage');
export const loadContactUsPage = () => import('../pages/ContactUsPage');
