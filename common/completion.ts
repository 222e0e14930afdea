/** Completion rate (spec 2 §9): round(sent / total × 100), 0 when total is 0. */
export function completionRate(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((sent / total) * 100);
}
