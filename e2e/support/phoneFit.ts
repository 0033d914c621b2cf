import type { Page } from 'playwright-core';
import { PHONE } from './app.ts';

/** The narrowest screen a page must still fit: WCAG's reflow width (a 1280 px window zoomed to 400 %). */
export const NARROW_SCREEN = { width: 320, height: 640 };

/** Runs `inspect` with the page laid out on a phone screen (390×844, or `size`), then puts the viewport back. */
export async function onPhone<T>(page: Page, inspect: () => Promise<T>, size = PHONE): Promise<T> {
  const original = page.viewportSize();
  await page.setViewportSize(size);
  try {
    // Two frames: the media queries apply, then the layout settles.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await inspect();
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/**
 * What the right edge of the screen cuts off on the page as it is laid out now: each visible element
 * that starts on screen and ends past the edge, described as `tag.class "text…" (right at N px)`.
 * Only the outermost such element of a branch is named. An overflow: hidden ancestor does not excuse
 * one: the user still cannot see its end. Elements wholly off screen (a closed drawer), visually hidden
 * ones (a 1px box for screen readers, and what it holds) and content of a horizontally scrolling box (which the user can
 * scroll to) are not cut off.
 */
export async function cutOffByScreenEdge(page: Page): Promise<string[]> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const outermost: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      // Nothing to see: empty, or visually hidden (a 1px box for screen readers), or wholly past the edge.
      if (rect.width <= 1 || rect.height <= 1 || rect.left >= edge || rect.right <= edge + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (outermost.some((o) => o.contains(el))) continue;
      let inSidewaysScroller = false;
      let visuallyHidden = false;
      for (let up = el.parentElement; up && !inSidewaysScroller && !visuallyHidden; up = up.parentElement) {
        const style = getComputedStyle(up);
        inSidewaysScroller = (style.overflowX === 'auto' || style.overflowX === 'scroll') && up.scrollWidth > up.clientWidth;
        // Inside a 1px box that clips its content (column names kept for screen readers only).
        const box = up.getBoundingClientRect();
        visuallyHidden = box.width <= 1 && box.height <= 1 && (style.overflow === 'hidden' || style.clipPath !== 'none');
      }
      if (!inSidewaysScroller && !visuallyHidden) outermost.push(el);
    }
    return outermost.map((el) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${classes} "${text}" (right at ${Math.round(el.getBoundingClientRect().right)} px)`;
    });
  });
}
