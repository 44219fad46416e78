/**
 * What a sign-in says when an account's second factor is locked: the answer to the code that
 * finds the lock, and the notice mailed to the account's owner once per lock
 * (src/server/auth/sign-in.ts).
 */
export const secondFactorLockTexts = {
  /** 429 of POST /api/login/second-factor while the account is locked, whatever the address. */
  locked:
    'Se ingresaron demasiados códigos incorrectos para esta cuenta. Por seguridad, el ingreso queda en pausa 15 minutos; enviamos un aviso a su correo.',
  noticeSubject: 'Aviso de seguridad: el ingreso a su cuenta quedó en pausa 15 minutos',
  noticeText: (name: string, siteName: string) =>
    [
      `Hola ${name}:`,
      '',
      `Alguien ingresó la contraseña de su cuenta en el sitio de ${siteName} y luego escribió 10 códigos de verificación incorrectos. Por seguridad, el ingreso a su cuenta quedó en pausa 15 minutos, desde cualquier dirección.`,
      '',
      'Si fue usted, espere 15 minutos e ingrese con el código que muestra su aplicación de autenticación.',
      '',
      'Si no fue usted, otra persona conoce su contraseña: cámbiela cuanto antes en Mi cuenta y avise a quien administra el sitio.',
      '',
      'Este correo no incluye ningún código ni contraseña.',
    ].join('\n'),
} as const;
