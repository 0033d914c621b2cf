/** Screens render signed in as a Customer unless told (shared/src/testing/renderScreen.tsx). */
export { renderScreen, type ScreenOptions } from 'shared/src/testing/renderScreen';
export { makeUser } from 'shared/src/testing';
