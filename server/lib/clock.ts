/** Time source of the app; tests pass one they control instead of sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
