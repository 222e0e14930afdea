import { EMAIL_VERIFICATION_HOURS } from './constants';

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
  registrationReceived: `Si el correo puede registrarse, te enviamos un enlace para confirmarlo. El enlace vence en ${EMAIL_VERIFICATION_HOURS} horas.`,
  usernameIsEmail: 'El usuario no puede ser un correo electrónico.',
  usernameTaken: 'Ese usuario ya está en uso. Elige otro.',
  emailNotVerified:
    'Aún no confirmaste tu correo. Abre el enlace que te enviamos al registrarte; si venció, regístrate de nuevo.',
  emailVerificationInvalid:
    'El enlace no es válido o ya fue usado. Si ya confirmaste tu correo, ingresa con tu usuario y contraseña.',
  emailVerificationExpired: 'El enlace venció. Regístrate de nuevo.',
  emailVerificationWrongPassword: 'La contraseña no coincide con la que elegiste al registrarte.',
  loggedOut: 'Sesión cerrada',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  invalidInput: 'Datos no válidos.',
  unsupportedCharacters: 'El texto contiene caracteres no admitidos.',
  routeNotFound: 'Recurso no encontrado',
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
  tooManyLiveStreams:
    'Hay demasiadas conexiones en vivo abiertas. Las actualizaciones se reanudarán en un momento.',
} as const;
