/**
 * The react-router(-dom) every app shares as ONE federation singleton, limited to the declarative
 * ("library mode") API the apps use. A shared module cannot be tree-shaken (any consumer may need any
 * export), so sharing react-router whole would put its data-router, SSR and RSC code (~60 KB gzip) in
 * the /login load. Both 'react-router' and 'react-router-dom' resolve here in webpack builds (Jest uses
 * the real package). Need another export? Add it to this list.
 */
export {
  BrowserRouter,
  // The shell's router (GuardedBrowserRouter): BrowserRouter's parts, over a history that can ask before leaving.
  unstable_HistoryRouter,
  UNSAFE_createBrowserHistory,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  NavigationType,
  // The shell's redirects read where its history is now (RedirectUnlessMoved).
  UNSAFE_NavigationContext,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '__react_router_implementation__';
