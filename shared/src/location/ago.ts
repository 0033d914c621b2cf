// Pure, and used by the customer remote's map only: imported there by path (shared/src/location/ago), so
// it is not in the shared chunk every page loads, /login included (issue 12).

/** 'just now', '12 s ago', '3 min ago', '2 h ago', '4 days ago'. */
export function formatAgo(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
