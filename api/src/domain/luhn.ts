/** Luhn (mod 10) check of a card number made of digits only. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i -= 1) {
    let digit = number.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Card brand from the number's prefix (IIN ranges), in the names card processors answer. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(6011|65|64[4-9]|622)/.test(number)) return 'Discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'Diners Club';
  if (/^35(2[89]|[3-8])/.test(number)) return 'JCB';
  if (/^(62|81)/.test(number)) return 'UnionPay';
  return 'Unknown';
}
