/**
 * Spanish alphabetical order (á with a, ñ after n). One collator for the process: `localeCompare`
 * with a locale builds a new one per comparison, several times slower on the 5,000-name lists of
 * the dashboards and the weekly export (docs/benchmarks.md).
 */
export const compareSpanish = new Intl.Collator('es').compare;
