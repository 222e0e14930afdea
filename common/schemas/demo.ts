/**
 * The demo and quick-access pages:
 * POST /api/demo/login answers the user (schemas/auth `userSchema`); GET /api/admin/backup answers
 * the backup archive (server/adapters/backup).
 */
export const DEMO_MSG = {
  /** POST /api/demo/login wherever demo sign-in is not allowed. */
  unavailable: 'El acceso directo solo está disponible en modo demostración.',
  noAdmin: 'No hay un administrador de demostración activo.',
} as const;

/**
 * Version of the backup archive's layout, written in its manifest. 1 was a JSON export without
 * attachments or passwords, which could not be restored; 2 is the restorable archive.
 */
export const BACKUP_FORMAT_VERSION = 2;
