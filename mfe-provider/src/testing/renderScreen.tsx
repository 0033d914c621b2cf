import type { ReactElement } from 'react';
import { renderScreen as renderSharedScreen, type ScreenOptions } from 'shared/src/testing/renderScreen';

export { location, type ScreenOptions } from 'shared/src/testing/renderScreen';

/** Renders a screen signed in as the Provider (user 20) unless told (shared/src/testing/renderScreen.tsx). */
export const renderScreen = (ui: ReactElement, options: ScreenOptions = {}) =>
  renderSharedScreen(ui, { role: 'Provider', ...options });
