/** Spanish texts the server answers with and the client shows; the spec's wording where it has one. */
export const MSG = {
  usernameRequired: 'Usuario requerido',
  passwordRequired: 'Contraseña requerida',
  currentPasswordRequired: 'Contraseña actual requerida',
  confirmPasswordRequired: 'Confirma la nueva contraseña',
  newPasswordTooShort: 'La nueva contraseña debe tener al menos 8 caracteres',
  newPasswordTooLong: 'La nueva contraseña no puede tener más de 128 caracteres',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  passwordTooCommon: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.',
  passwordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  passwordChanged: 'Contraseña actualizada correctamente',
  invalidCredentials: 'Usuario o contraseña incorrectos',
  userSuspended: 'Tu cuenta está suspendida. Contacta al administrador.',
  tooManyAttempts: (minutes: number) =>
    `Demasiados intentos fallidos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intenta nuevamente.`,
  userNotFound: 'Usuario no encontrado',
  notSignedIn: 'No has iniciado sesión',
  sessionExpired: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
  mustChangePassword: 'Debes cambiar tu contraseña temporal antes de continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  csrf: 'Solicitud rechazada: el origen no es válido.',
  registrationDisabled: 'El registro de nuevas cuentas no está habilitado.',
  loggedOut: 'Sesión cerrada',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  invalidInput: 'Datos no válidos.',
  unsupportedCharacters: 'El texto contiene caracteres no admitidos.',
  unsupportedDate: 'La fecha no es válida.',
  routeNotFound: 'Recurso no encontrado',
  invalidAddress: 'La dirección no es válida.',
  unknownHost:
    'Este servidor de APPA no atiende la dirección con la que se abrió. Ábrelo desde su dirección habitual.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta nuevamente en un momento.',
  serverError: 'Ocurrió un error inesperado. Intenta nuevamente.',
  magicLinkSent:
    'Si el correo está registrado, te enviamos un enlace para ingresar. Revisa tu bandeja de entrada; el enlace vence en 10 minutos.',
  magicLinksDisabled: 'El acceso con enlace por correo no está habilitado.',
  magicLinkInvalid: 'El enlace no es válido o ya fue usado. Solicita uno nuevo.',
  magicLinkExpired: 'El enlace venció. Solicita uno nuevo.',
  emailRequired: 'Ingresa tu correo electrónico',
  emailInvalid: 'Correo electrónico no válido',
  databaseUnavailable:
    'El servicio no está disponible en este momento. Intenta nuevamente en unos minutos.',
  /** Readiness while this instance does not hear the others' writes (followed by since when). */
  notificationsDown: 'No se reciben los avisos de la base de datos; reconectando',
  tooManyLiveStreams:
    'Hay demasiadas conexiones en vivo abiertas. Las actualizaciones se reanudarán en un momento.',
  /** /metrics without METRICS_TOKEN as its bearer token (Prometheus shows it in its targets). */
  metricsTokenRequired: 'Las métricas requieren el token METRICS_TOKEN (Authorization: Bearer)',
} as const;
