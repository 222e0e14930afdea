/**
 * The demo and quick-access pages:
 * POST /api/demo/login answers the user (schemas/auth `userSchema`); GET /api/admin/backup answers
 * a JSON file.
 */
export const DEMO_MSG = {
  /** POST /api/demo/login wherever demo sign-in is not allowed. */
  unavailable: 'El acceso directo solo está disponible en modo demostración.',
  noAdmin: 'No hay un administrador de demostración activo.',
} as const;

/** Version of the backup file's layout, written in it. */
export const BACKUP_FORMAT_VERSION = 1;
