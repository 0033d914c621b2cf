/** The stylesheets the first-frames build evaluated, in import order (see css-loader.cjs). */
const sheets = new Map();

export function addCss(id, css) {
  if (!sheets.has(id)) sheets.set(id, css);
}

export function collectedCss() {
  return [...sheets.values()].join('\n');
}
