import { NavigationType, UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router-dom';
import { closeNewestOverlay, hasUnsavedChanges, historyIndexOf, releaseLeaveGuards } from 'shared';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/** Called when a navigation would drop unsaved changes: `leave()` makes it after all, ignoring it stays. */
export type AskToLeave = (leave: () => void) => void;

/**
 * The browser history the app's router runs on, with one addition: a navigation to another page while a
 * form has unsaved changes (shared's useLeaveGuard) waits for `askToLeave`. It covers every way of moving:
 * links and navigate() of any remote (push, replace, go) and the browser's back and forward buttons, whose
 * move is undone until the user answers. And the browser's Back with a dialog open closes the dialog
 * instead of leaving the page (a phone's Back button is how people close one). React Router's own
 * blocking needs its data router, whose code the shared router facade leaves out of the first load.
 */
export function createGuardedHistory(askToLeave: AskToLeave, win: Window = window): BrowserHistory {
  const history = createBrowserHistory({ window: win, v5Compat: true });
  const leavesPage = (to: To) => history.createURL(to).pathname !== history.location.pathname;
  /** Asks, and on "leave" lets every form go and makes the move. */
  const askThen = (move: () => void) =>
    askToLeave(() => {
      releaseLeaveGuards();
      move();
    });
  const guarded = (move: () => void) => (hasUnsavedChanges() ? askThen(move) : move());
  /** Set while the history goes back to where it was after a back or forward the user has not confirmed. */
  let undoing = false;
  /**
   * The history index a move the app asked for (navigate(-1), Leave without saving) goes to, while it is
   * on its way: arriving there is not the user's Back. By index, not a flag: a go() with nowhere to go
   * never arrives, and must not pass the user's own Back later on for the app's.
   */
  let appMoveTo: number | null = null;
  const indexNow = () => historyIndexOf(win.history.state);
  const appGo = (delta: number) => {
    const from = indexNow();
    appMoveTo = from === null ? null : from + delta;
    history.go(delta);
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push(to, state) {
      appMoveTo = null;
      if (leavesPage(to)) guarded(() => history.push(to, state));
      else history.push(to, state);
    },
    replace(to, state) {
      appMoveTo = null;
      if (leavesPage(to)) guarded(() => history.replace(to, state));
      else history.replace(to, state);
    },
    go(delta) {
      guarded(() => appGo(delta));
    },
    listen(listener: Listener) {
      return history.listen((update) => {
        if (update.action === NavigationType.Pop) {
          if (undoing) {
            undoing = false;
            return;
          }
          const { delta } = update;
          // The app's own go() was let through (or asked about) when it was called: not asked again here,
          // though a form may count as changed by now (one that stopped submitting after its save).
          const askedAlready = appMoveTo !== null && indexNow() === appMoveTo;
          const usersBack = !askedAlready && delta !== null && delta < 0;
          appMoveTo = null;
          // The browser's Back with a dialog (or the phone's menu drawer) open closes it, and the page stays.
          if (usersBack && closeNewestOverlay()) {
            undoing = true;
            history.go(-delta);
            return;
          }
          // The browser has moved already: move back, and forward again only if the user says so.
          if (delta && !askedAlready && hasUnsavedChanges()) {
            undoing = true;
            history.go(-delta);
            askThen(() => appGo(delta));
            return;
          }
        }
        listener(update);
      });
    },
  };
}
