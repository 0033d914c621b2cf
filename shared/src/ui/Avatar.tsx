import { assetUrl } from '../config';

const COLORS = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#4f46e5', '#b45309'];

/** Made on first use, not when the shared package loads (it is on every page's first load). */
let graphemes: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () =>
  (graphemes ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null);

/**
 * The first letter of a name, upper-cased ("?" when there is none): the first character as a reader sees
 * it, so a name starting with an emoji or an accented letter written in two code points shows it whole.
 */
export function initialOf(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '?';
  const segmenter = graphemeSegmenter();
  const first = segmenter ? segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment : Array.from(trimmed)[0];
  return (first ?? trimmed[0]).toUpperCase();
}

/** Keyed by the initial, so the same person gets the same colour whether shown by first or full name. */
function colorOf(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return COLORS[hash % COLORS.length];
}

export interface AvatarProps {
  /** Image path from the API (relative to its host) or an absolute URL. */
  src?: string | null;
  name?: string | null;
  size?: number;
  className?: string;
}

/** The user's picture, or a generated initial avatar when there is none. */
export function Avatar({ src, name, size = 40, className }: AvatarProps) {
  const url = assetUrl(src ?? null);
  const label = name?.trim() || 'User';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (url) {
    return <img className={`ui-avatar ${className ?? ''}`.trim()} src={url} alt={label} style={style} />;
  }
  return (
    <span
      className={`ui-avatar ui-avatar--initial ${className ?? ''}`.trim()}
      role="img"
      aria-label={label}
      style={{ ...style, background: colorOf(initialOf(name)) }}
    >
      {initialOf(name)}
    </span>
  );
}
