/** Términos de uso y política de privacidad en español, traducidos de protocol.en.ts. */
export const terms = {
  title: "Términos de uso",
  summary: "El acuerdo entre tú y la plataforma cuando abres una cuenta y operas.",
  body: `## 1. Quiénes somos y quién puede usar el servicio
Estos términos regulan el uso del sitio web, la web app y la API de la plataforma (el "servicio"). Solo puedes abrir una cuenta si tienes al menos 18 años, plena capacidad jurídica y no resides en una jurisdicción donde esté prohibido usar el servicio. Cada persona puede tener una sola cuenta.

## 2. Tu cuenta
- Mantén en secreto tu contraseña, tu contraseña de fondos y los códigos de tu autenticador. Todo lo que se haga con tus credenciales se considerará hecho por ti.
- Avísanos de inmediato a través de atención al cliente si crees que tu cuenta se ha usado sin tu permiso; podemos congelarla para protegerte.
- Se requiere verificación de identidad antes de retirar fondos. La información que proporciones debe ser veraz, completa y tuya.

## 3. Depósitos y retiros
- Envía cada moneda únicamente por la red indicada en la página de depósito. Las monedas enviadas por otra red o a una dirección incorrecta pueden perderse para siempre.
- Para retirar es necesario tener un número de móvil vinculado, la verificación básica y una contraseña de fondos, y los retiros se revisan antes de enviarse. Las comisiones de red y los importes mínimos se muestran antes de que confirmes.
- Tras cambiar la contraseña, la contraseña de fondos, la autenticación de dos factores, el teléfono o el correo electrónico, los retiros se bloquean durante 24 horas por tu seguridad.

## 4. Trading y riesgos
- Los precios de los criptoactivos son volátiles. Con los contratos apalancados puedes perder todo tu margen rápidamente; las posiciones cuyo margen cae al nivel de mantenimiento se liquidan automáticamente al precio de marca.
- Los contratos por tiempo se liquidan estrictamente según los ticks de precio registrados al inicio y al final de cada ronda; el registro de ticks es público, así que puedes comprobar cada resultado.
- Las comisiones, cuotas y tasas se muestran antes de que confirmes cada orden y pueden cambiar para órdenes futuras.
- Nada de lo que aparece en el servicio constituye asesoramiento de inversión. Opera solo con dinero que puedas permitirte perder.

## 5. Productos Earn
Los pools de minería, el staking, el bloqueo de fondos, la billetera de interés diario y el launchpad muestran su tasa, límites, periodo de bloqueo y reglas de salida antes de que participes. Los rendimientos pasados no garantizan rendimientos futuros.

## 6. Usos prohibidos
No puedes usar el servicio para blanquear capitales, financiar el terrorismo, cometer fraude, manipular el mercado o eludir sanciones; ni atacar, sobrecargar o aplicar ingeniería inversa al servicio; ni abrir cuentas para terceros. Podemos rechazar, suspender o cerrar las cuentas implicadas en estos usos y comunicarlo cuando la ley lo exija.

## 7. Suspensión, cambios y cierre
Podemos suspender el servicio por mantenimiento o por seguridad, y lo indicaremos en los anuncios. Podemos modificar estos términos; la nueva versión se aplica desde su fecha de publicación y anunciaremos con antelación los cambios importantes. Puedes cerrar tu cuenta en cualquier momento después de retirar tus activos.

## 8. Responsabilidad
Mantenemos los activos de los clientes separados de los nuestros y publicamos pruebas de reservas. No somos responsables de las pérdidas causadas por los movimientos del mercado, por tus propios errores (como una dirección o red incorrecta) o por hechos que escapen a nuestro control razonable. Nada de lo dispuesto en estos términos limita la responsabilidad que la ley no permite limitar.

## 9. Contacto
Preguntas y reclamaciones: usa la atención al cliente de la app o escribe al correo de contacto que allí se indica.`,
};

export const privacy = {
  title: "Política de privacidad",
  summary:
    "Qué datos personales recopilamos, para qué, cuánto tiempo los conservamos y cuáles son tus derechos.",
  body: `## 1. Qué datos recopilamos
- **Datos de la cuenta:** correo electrónico o número de móvil, prefijo del país, apodo, avatar y código de invitación.
- **Datos de verificación:** nombre real, número de documento, país, tipo de documento, fotos de tu documento y de ti sosteniéndolo.
- **Datos de seguridad:** contraseñas almacenadas como hash (nunca las guardamos en forma legible), configuración de la autenticación de dos factores e historial de inicios de sesión con dispositivo, dirección IP y hora.
- **Datos financieros:** saldos, depósitos, retiros, direcciones, órdenes, posiciones y participaciones en productos Earn.
- **Datos de uso:** idioma, las páginas que abres y las solicitudes que haces, guardados en los registros del servidor.

## 2. Para qué los usamos
Para abrir y proteger tu cuenta; verificar tu identidad y cumplir la normativa contra el blanqueo de capitales; ejecutar tus órdenes y mover tus activos; detectar fraudes y abusos; responderte cuando nos contactes; y enviarte avisos de seguridad y de operaciones. No vendemos tus datos personales.

## 3. Con quién los compartimos
Solo con proveedores que nos ayudan a prestar el servicio (alojamiento, envío de correos electrónicos y SMS, verificación de identidad), mediante contratos que los obligan a protegerlos, y con las autoridades cuando la ley lo exige. Los documentos de identidad solo son visibles para ti y para nuestros revisores.

## 4. Cuánto tiempo los conservamos
Los registros de la cuenta, de verificación y de operaciones se conservan mientras tu cuenta esté abierta y, después, durante el plazo que exija la ley (normalmente cinco años). Los registros del servidor se conservan un máximo de 90 días.

## 5. Cómo los protegemos
Las contraseñas se almacenan como hash con Argon2id; las sesiones usan tokens aleatorios que se guardan como hash; los documentos de identidad nunca se sirven públicamente; y el acceso del personal está limitado según su función y queda reflejado en un registro de auditoría.

## 6. Tus derechos
A través de atención al cliente puedes solicitar ver, corregir o eliminar tus datos personales, o recibir una copia de ellos. Algunos datos deben conservarse para cumplir obligaciones legales incluso después de que cierres tu cuenta.

## 7. Cookies
Solo usamos las cookies que el servicio necesita: tu sesión, tu idioma, tus preferencias de visualización (como el modo ligero) y los controles de seguridad. No usamos cookies publicitarias ni de seguimiento.

## 8. Cambios
Publicaremos aquí cualquier cambio en esta política con su fecha y anunciaremos los cambios importantes en los anuncios.`,
};
