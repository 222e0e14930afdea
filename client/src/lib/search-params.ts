/** A query string of the values given: undefined and empty ones are left out (the server's defaults). */
export function toSearchParams(query: object) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as [string, unknown][]) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
