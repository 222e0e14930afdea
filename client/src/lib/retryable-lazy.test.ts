import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './retryable-lazy';

describe('isChunkLoadError', () => {
  it('knows a module that failed to load, as each browser words it', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/users-tab-x1.js',
      'error loading dynamically imported module: http://127.0.0.1/assets/users-tab-x1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/uploader-x1.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves every other failure to the general error screen', () => {
    expect(isChunkLoadError(new Error('Falla simulada de configuración'))).toBe(false);
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(false);
    expect(isChunkLoadError('dynamically imported module')).toBe(false);
  });
});
