import { createRoot } from 'react-dom/client';
// The harness is not part of the shared singleton the composed app loads.
import { DevHarness, prepareHarness } from 'shared/src/harness';
import contract from './contract';

/** Standalone dev harness of mfe_provider (`npm start -w mfe-provider`); in the composed app the shell mounts the contract instead. */
void prepareHarness().then((store) => {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<DevHarness contract={contract} store={store} />);
});
