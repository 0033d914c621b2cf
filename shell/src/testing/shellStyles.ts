import { readFileSync } from 'fs';
import { join } from 'path';

/** Puts the shell's stylesheet (inlined into index.html in the browser) into the test's document; returns its removal. */
export function loadShellStyles(): () => void {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, '../styles.css'), 'utf8');
  document.head.append(style);
  return () => style.remove();
}
