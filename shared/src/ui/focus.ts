import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Marks the element keepFocusOnThePage gave a lost focus to, while it has it. */
const PARKED = 'data-focus-parked';

/**
 * Whether the focus is nowhere: on the page itself, as when the focused control was removed or disabled
 * (the browser then moves it to the document). A screen that did that puts it somewhere useful instead.
 * Imported by path (shared/src/ui/focus): it is not in the shared chunk every page loads.
 */
export const focusIsLost = (): boolean =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  // Parked by keepFocusOnThePage until a screen says where it belongs: still free to be placed.
  document.activeElement.hasAttribute(PARKED);

/**
 * For an action whose control is disabled while it is on its way (the browser then drops the focus to
 * the page): call the answer when the action starts, and once `busy` is false again the focus goes
 * back to the control that had it, if it is still on the page and the focus is still lost (a screen
 * that led on, or put it elsewhere, keeps its choice).
 */
export function useFocusBackAfter(busy: boolean): () => void {
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy || !pressed.current) return;
    const control = pressed.current;
    pressed.current = null;
    if (control.isConnected && focusIsLost()) control.focus();
  }, [busy]);
  return useCallback(() => {
    const focused = document.activeElement;
    pressed.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, []);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** Where the focus was in a live area: the control, and its place in its list. */
interface FocusPlace {
  control: HTMLElement;
  list: Element | null;
  item: number;
  /** The control's place among its item's controls. */
  inItem: number;
}

function placeOf(control: HTMLElement): FocusPlace {
  const item = control.closest('li');
  const list = item?.parentElement ?? null;
  return {
    control,
    list,
    item: item && list ? Array.prototype.indexOf.call(list.children, item) : -1,
    inItem: item ? Array.prototype.indexOf.call(item.querySelectorAll(FOCUSABLE), control) : -1,
  };
}

/** The control in the place of one that is gone: the same one of the item now at its place (or the last), else the area's heading. */
function replacementFor(place: FocusPlace, area: HTMLElement): HTMLElement | null {
  if (place.list?.isConnected && place.item >= 0) {
    const items = place.list.children;
    const item = items[Math.min(place.item, items.length - 1)];
    const controls = item ? Array.from(item.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
    const control = controls[Math.min(Math.max(place.inItem, 0), controls.length - 1)];
    if (control) return control;
  }
  const heading = area.querySelector<HTMLElement>('h1, h2') ?? area;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * For an area whose items leave live (another party answers or cancels a booking): when the control that
 * has the focus is removed with its item, the focus goes to the same control of the item now in its
 * place (or the last), or to the area's heading, instead of to the page. Only a loss caused by the
 * area's own change counts: a focus the user left elsewhere is left alone. (A node React moves keeps
 * its focus: React gives it back after the commit.) Answers the ref to put on the area.
 */
export function useFocusKeptThroughLiveChanges<T extends HTMLElement>(): RefObject<T | null> {
  const area = useRef<T>(null);
  useEffect(() => {
    const root = area.current;
    if (!root) return;
    let place: FocusPlace | null = null;
    const remember = (event: FocusEvent) => {
      const target = event.target;
      place = target instanceof HTMLElement && root.contains(target) ? placeOf(target) : null;
    };
    // The browser also blurs a control it removes, and the removal is seen (below) before the next
    // task: a control still on the page then, with the focus nowhere, was left by the user.
    const forgetIfLeft = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget !== null || !(left instanceof HTMLElement)) return;
      setTimeout(() => {
        if (place?.control === left && left.isConnected && focusIsLost()) place = null;
      });
    };
    const observer = new MutationObserver((records) => {
      if (!place) return;
      const { control } = place;
      // Items added or removed around it move its place (a new request arrives at the top).
      if (control.isConnected) {
        place = placeOf(control);
        return;
      }
      if (!focusIsLost()) return;
      const takenAway = records.some((record) =>
        Array.from(record.removedNodes).some((node) => node === control || node.contains(control)),
      );
      if (takenAway) replacementFor(place, root)?.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', remember);
    document.addEventListener('focusout', forgetIfLeft);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember);
      document.removeEventListener('focusout', forgetIfLeft);
      observer.disconnect();
    };
  }, []);
  return area;
}

/** How long a screen's own focus move (an effect after a live change) has before the page's fallback acts. */
export const LOST_FOCUS_GRACE_MS = 50;

/**
 * The page's net under every screen: when the control that had the focus is removed (a Retry replaced by
 * its loader, a button a live update took away, an attached file removed) and nothing put the focus
 * anywhere within LOST_FOCUS_GRACE_MS, it goes to the open modal dialog the control was in, else to
 * `pageContent` (the main region), instead of the document, where the next Tab starts from the top. A
 * focus the user gave up (a click on empty page) is left alone. Answers the function that stops it.
 */
export function keepFocusOnThePage(pageContent: () => HTMLElement | null): () => void {
  let last: { control: HTMLElement; dialog: HTMLElement | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const remember = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    last = { control: target, dialog: target.closest<HTMLElement>('[role="dialog"][aria-modal="true"]') };
  };
  // The browser blurs a control it removes too; one still on the page with the focus nowhere was left by the user.
  const forgetIfLeft = (event: FocusEvent) => {
    const left = event.target;
    if (event.relatedTarget !== null || !(left instanceof HTMLElement)) return;
    setTimeout(() => {
      if (last?.control === left && left.isConnected && focusIsLost()) last = null;
    });
  };
  const observer = new MutationObserver(() => {
    const lost = last;
    if (!lost || lost.control.isConnected || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (last !== lost || !focusIsLost()) return;
      last = null;
      const target = lost.dialog?.isConnected ? lost.dialog : pageContent();
      if (!target) return;
      // A screen that places a lost focus later (once its content has loaded) still finds it lost.
      target.setAttribute(PARKED, '');
      target.addEventListener('blur', () => target.removeAttribute(PARKED), { once: true });
      target.focus({ preventScroll: true });
    }, LOST_FOCUS_GRACE_MS);
  });
  document.addEventListener('focusin', remember);
  document.addEventListener('focusout', forgetIfLeft);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', remember);
    document.removeEventListener('focusout', forgetIfLeft);
    observer.disconnect();
    clearTimeout(timer);
  };
}
