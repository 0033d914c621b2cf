import { createRoot } from 'react-dom/client';
import { DevHarness, prepareHarness } from 'shared';
import contract from './contract';

/** Standalone dev harness of mfe_chat (`npm start -w mfe-chat`); in the composed app the shell mounts the contract instead. */
void prepareHarness().then((store) => {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<DevHarness contract={contract} store={store} />);
});
