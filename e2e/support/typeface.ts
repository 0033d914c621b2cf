import type { Page } from 'playwright-core';

/**
 * The visible form controls (buttons, text inputs, selects, text areas) on the page as it is laid out
 * now whose typeface is not the page's: a browser draws them in its own font (13.3 px on Chromium)
 * unless the app's CSS says to inherit. Described as `tag.class "text…" (font-size)`. Radios and
 * checkboxes show no text and are left out.
 */
export async function controlsOffTypeface(page: Page): Promise<string[]> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const pageFont = getComputedStyle(document.body).fontFamily;
    const controls = Array.from(document.body.querySelectorAll('button, input, select, textarea'));
    return controls
      .filter((el) => {
        const type = el.getAttribute('type');
        if (el.tagName === 'INPUT' && (type === 'radio' || type === 'checkbox' || type === 'hidden')) return false;
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
        return getComputedStyle(el).fontFamily !== pageFont;
      })
      .map((el) => {
        const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 30);
        const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        return `${el.tagName.toLowerCase()}${classes} "${text}" (${getComputedStyle(el).fontSize})`;
      });
  });
}
