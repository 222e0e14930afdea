/** Completion rate: round(sent / total × 100), 0 when total is 0 (nobody expected, nobody late). */
export function completionRate(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((sent / total) * 100);
}
