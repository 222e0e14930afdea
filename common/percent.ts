// Apart from export-format.ts, which brings date-fns: the report form shows percentages too, and
// its budget of JavaScript has no room for a date library.

/** '95,5 %'; '—' when absent. */
export function percent(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('es', { maximumFractionDigits: 2 })} %`;
}
