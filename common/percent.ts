// Apart from export-format.ts, which brings date-fns: the report form shows percentages too, and
// its budget of JavaScript has no room for a date library.

/** A number the Spanish way: '95,5', '1,25'; at most `fractionDigits` decimals. */
export function decimal(value: number, fractionDigits = 2): string {
  return value.toLocaleString('es', { maximumFractionDigits: fractionDigits });
}

/** '95,5 %'; '—' when absent. */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${decimal(value)} %`;
}
