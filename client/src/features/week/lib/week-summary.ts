import { decimal } from '@common/percent';

/** Files per sent APPA, one decimal, '0' when none was sent. */
export function filesPerSent(files: number, sent: number): string {
  if (sent === 0) return '0';
  return decimal(files / sent, 1);
}
