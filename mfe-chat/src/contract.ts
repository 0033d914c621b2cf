import type { RemoteContract } from 'shared';

/**
 * What mfe_chat serves (docs/architecture.md, 'How the page is composed'): the shell mounts these routes
 * under its guard and layout, choosing by `role` where two remotes serve the same path.
 */
const contract: RemoteContract = {
  name: 'mfe_chat',
  routes: [{ path: '/chatview/:username?', title: 'Chat', load: () => import('./screens/ChatPage') }],
  widgets: [],
};

export default contract;
