/**
 * CSS in the first-frames build (see index.cjs): the stylesheet's text is collected in import order, as
 * style-loader would insert it in the browser, so the static frame looks like the screen it stands for.
 */
const path = require('path');

module.exports = function firstFrameCssLoader(source) {
  const registry = path.join(__dirname, 'css-registry.mjs');
  const css = String(source)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `import { addCss } from ${JSON.stringify(registry)};\naddCss(${JSON.stringify(this.resourcePath)}, ${JSON.stringify(css)});\n`;
};
