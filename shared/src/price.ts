/** A price prefixed with $ (spec section 9): whole amounts as they are ("$500"), others with two decimals ("$12.50"). */
export function formatPrice(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '$0';
  return `$${Number.isInteger(n) ? String(n) : n.toFixed(2)}`;
}
