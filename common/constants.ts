export const PRODUCT_NAME = 'Sistema APPA';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Milliseconds before leaving the change-password screen and the report page after success. */
export const REDIRECT_DELAY_MS = 2000;

export const SESSION_DEFAULT_HOURS = 24;
export const SESSION_IDLE_HOURS = 2;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const MAX_FILES_DEFAULT = 5;
export const MAX_FILE_BYTES_DEFAULT = 10 * 1024 * 1024;

/** Sign-in throttling: how many failures in what window; server/services/throttle.ts applies it. */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  /** Same account from the same address: free failures, then a wait that doubles, capped. */
  pairFreeFailures: 5,
  pairBaseDelaySeconds: 30,
  pairMaxDelaySeconds: 15 * 60,
  /** Same account from anywhere: looser, and a short wait, so nobody is locked out for long. */
  accountFreeFailures: 20,
  accountDelaySeconds: 60,
  /** Same address, any account. */
  addressFreeFailures: 50,
  addressDelaySeconds: 5 * 60,
} as const;

/** A magic link works once, for this long: long enough to open the mail, short if it leaks. */
export const MAGIC_LINK_MINUTES = 10;
/** Links sent to one account per MAGIC_LINK_MINUTES; more requests answer the same and send nothing. */
export const MAGIC_LINKS_PER_WINDOW = 3;

/**
 * A self-registered account's confirmation link works once, for this long; an account whose link
 * expired unopened may be registered again, so nobody holds an address they cannot read.
 */
export const EMAIL_VERIFICATION_HOURS = 24;
