export const PRODUCT_NAME = 'Sistema APPA';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Milliseconds before leaving the change-password screen and the report page after success. */
export const REDIRECT_DELAY_MS = 2000;

export const SESSION_DEFAULT_HOURS = 24;
export const SESSION_IDLE_HOURS = 2;

/** A personal API token's life when its maker names no last day, unless Configuración says. */
export const PERSONAL_TOKEN_DEFAULT_DAYS = 90;
/** No personal API token lives longer, whatever its maker or the settings ask. */
export const PERSONAL_TOKEN_MAX_DAYS = 365;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const MAX_FILES_DEFAULT = 5;
export const MAX_FILE_BYTES_DEFAULT = 10 * 1024 * 1024;

/**
 * Attempt limits; server/services/throttle.ts applies them. Each limit lets `free` attempts in its
 * window, then one attempt per wait, the wait doubling from `baseDelaySeconds` up to
 * `maxDelaySeconds` and never beyond it.
 */
export const THROTTLE = {
  /** One account (its user name and e-mail together) from one address. */
  pair: { free: 5, windowMinutes: 15, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  /**
   * One account from anywhere. Looser, and not applied from an address the account signed in from
   * before, so that a stranger cannot keep the owner out.
   */
  account: { free: 20, windowMinutes: 15, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  /** One address, any account. */
  address: { free: 50, windowMinutes: 15, baseDelaySeconds: 5 * 60, maxDelaySeconds: 15 * 60 },
  /** Guessing sign-in link tokens from one address. */
  linkGuesses: { free: 10, windowMinutes: 15, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  /**
   * Personal links (/appa/{slug}) from one address that lead nowhere: guessing them, not opening
   * one's own, which never counts.
   */
  slugMisses: { free: 30, windowMinutes: 10, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  /** Sign-in links sent to one e-mail address; more requests answer the same and send nothing. */
  linksPerEmail: { free: 3, windowMinutes: 60, baseDelaySeconds: 3600, maxDelaySeconds: 3600 },
  /** Registrations sent from one address: each may hash a password and send an e-mail. */
  registrations: { free: 20, windowMinutes: 60, baseDelaySeconds: 3600, maxDelaySeconds: 3600 },
  /** Sign-in links asked for from one address, whatever the e-mail. */
  linksPerAddress: { free: 20, windowMinutes: 60, baseDelaySeconds: 3600, maxDelaySeconds: 3600 },
  /** Single sign-ons started from one address (each keeps a row until it ends or expires). */
  ssoStarts: { free: 60, windowMinutes: 15, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  /** Single sign-on returns from one address that end without a session (a success clears them). */
  ssoCallbacks: { free: 20, windowMinutes: 15, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
} as const;

/** An address an account signed in from counts as the owner's this long. */
export const KNOWN_ADDRESS_DAYS = 90;

/** A magic link works once, for this long: long enough to open the mail, short if it leaks. */
export const MAGIC_LINK_MINUTES = 10;
/**
 * A self-registered account's confirmation link works once, for this long; an account whose link
 * expired unopened may be registered again, so nobody holds an address they cannot read.
 */
export const EMAIL_VERIFICATION_HOURS = 24;
