/**
 * Renders the public routes of a remote's contract to static HTML (react-dom/server), in Node at build
 * time: the "first frame" the shell's server puts into the page before any script has run (issue 12).
 * `__first_frames_contract__` is the remote's exposed ./contract module.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore } from 'shared';
import contract from '__first_frames_contract__';
import { collectedCss } from './css-registry.mjs';

export async function renderFirstFrames() {
  const frames = {};
  for (const route of contract.routes) {
    // Public routes only (signed-in screens depend on the user), and only exact paths.
    if (!route.public || route.path.includes(':')) continue;
    const { default: Screen } = await route.load();
    const screen = createElement(MemoryRouter, { initialEntries: [route.path] }, createElement(Screen));
    frames[route.path] = renderToStaticMarkup(createElement(Provider, { store: createAppStore() }, screen));
  }
  return { remote: contract.name, frames, css: collectedCss() };
}
