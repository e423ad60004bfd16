import type { PostTexts } from "./posts.ts";

const es: PostTexts = {
  "notice-deposit-networks": {
    title: "Depósitos y retiros de USDT: TRC20 y ERC20",
    summary: "Depósitos mínimos y comisiones de retiro de USDT en TRON y Ethereum, y de BTC y ETH.",
    body: `Puedes depositar y retirar USDT en dos redes. Elige siempre la misma red en los dos lados de una transferencia: las monedas enviadas por una red equivocada no se pueden acreditar.

## Depósitos mínimos

| Moneda | Red | Depósito mínimo |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 10 USDT |
| BTC | Bitcoin | 0,0001 BTC |
| ETH | Ethereum | 0,005 ETH |

Los depósitos por debajo del mínimo no se acreditan. Un depósito se acredita después de que la red lo confirma, y un mensaje te avisa en tu centro de mensajes.

## Comisiones de retiro

| Moneda | Red | Comisión |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |

Cada retiro se revisa antes de enviarse. TRC20 suele ser la forma más barata de mover USDT.`,
  },
  "notice-security": {
    title: "Aviso de seguridad: nunca te pedimos tus códigos",
    summary:
      "Nuestro personal nunca te pedirá tu contraseña, tu contraseña de fondos ni tus códigos de verificación.",
    body: `Los estafadores se hacen pasar por personal del exchange para quedarse con cuentas. Recuerda:

- Nuestro personal **nunca** te pedirá tu contraseña de acceso, tu contraseña de fondos, el código de Google Authenticator ni los códigos de verificación por correo o SMS.
- Nunca te pedimos que envíes monedas a una dirección "segura" o "de verificación".
- Comprueba la dirección del sitio antes de iniciar sesión e instala la app solo desde la página de descarga de este sitio.
- Activa Google Authenticator y configura una contraseña de fondos en el centro de seguridad.

Si crees que tu cuenta está en riesgo, cambia tu contraseña de acceso de inmediato: se cerrará la sesión en todos los demás dispositivos. Después, contacta con atención al cliente.`,
  },
  "notice-daily-interest": {
    title: "Interés diario: gana un 1 % al día con tus USDT",
    summary:
      "100 USDT en el monedero de interés diario generan 1 USDT al día, y 5 USDT la primera vez que participas.",
    body: `El monedero de interés diario paga intereses sobre tu saldo todos los días.

- **Tasa:** el 1 % de tu saldo al día. Con 100 USDT ganas 1 USDT al día.
- **Recompensa de bienvenida:** 5 USDT, una sola vez, la primera vez que participas.

Lee "El interés diario, explicado" en la Academia para ver cómo se calcula, y lee la advertencia de riesgos antes de participar.`,
  },
  "academy-deposit": {
    title: "Cómo depositar",
    summary: "Añade fondos a tu cuenta con USDT, BTC o ETH en cuatro pasos.",
    body: `1. Inicia sesión y abre **Activos** y después **Depositar**.
2. Elige la moneda y luego la red. Para USDT, TRC20 (TRON) tiene las comisiones más bajas; ERC20 (Ethereum) también sirve.
3. Copia tu dirección de depósito, o escanea su código QR, en el monedero o exchange desde el que envías.
4. Envía al menos el importe mínimo, por la misma red.

## Depósitos mínimos

- USDT: 1 USDT en TRC20, 10 USDT en ERC20
- BTC: 0,0001 BTC
- ETH: 0,005 ETH

## ¿Cuándo llega?

Tu depósito se acredita después de que la red lo confirma, normalmente en pocos minutos; Bitcoin puede tardar más cuando la red está congestionada. Un mensaje en tu centro de mensajes te avisa cuando se acredita.

## Evita errores

- Enviar por una red equivocada, o enviar otra moneda a esta dirección, puede hacerte perder los fondos.
- Los importes por debajo del mínimo no se acreditan.`,
  },
  "academy-leverage-liquidation": {
    title: "Cómo funcionan el apalancamiento y la liquidación",
    summary:
      "Margen, apalancamiento, margen de mantenimiento y qué provoca una liquidación en los contratos perpetuos.",
    body: `Los contratos perpetuos te permiten operar con **apalancamiento**: aportas un margen y mantienes una posición que vale más que él.

## Apalancamiento y margen

Valor de la posición = margen × apalancamiento. Con 100 USDT de margen a 10x tienes una posición de 1.000 USDT. Un movimiento del 1 % en el precio cambia tu ganancia o pérdida en 10 USDT, es decir, un 10 % de tu margen.

El apalancamiento máximo es **100x** en BTC y ETH y **50x** en las demás monedas. Cuanto mayor es el apalancamiento, menor es el movimiento que acaba con tu margen.

## Margen de mantenimiento y liquidación

Para mantener una posición abierta debes conservar al menos el **margen de mantenimiento**: el 0,5 % del valor de la posición en BTC y ETH, el 1 % en las demás monedas.

Tu ratio de margen es tu margen más la ganancia o pérdida no realizada, dividido entre el valor de la posición. Cuando el ratio de margen baja hasta la tasa de mantenimiento, la posición se **liquida al precio de marca** y pierdes el margen de esa posición.

Ejemplo: un largo a 10x en BTC empieza con un ratio de margen del 10 %. Si el precio cae alrededor de un 9,5 %, el ratio llega al 0,5 % y la posición se liquida.

## Precio de marca y financiación

- La liquidación usa el **precio de marca**, un precio justo que resiste los picos breves, no la última operación.
- Los perpetuos tienen **financiación cada 8 horas**: largos y cortos se pagan entre sí para que el contrato siga al precio al contado. Según la tasa, la pagas o la recibes.

## Mantén el control

- Usa un apalancamiento bajo y pon un **stop-loss**.
- Añade margen si el precio va en tu contra.
- Nunca operes con dinero que no puedas permitirte perder.`,
  },
  "academy-fees": {
    title: "Comisiones",
    summary: "Comisiones de trading de contado y de contratos con margen en USDT, y comisiones de retiro.",
    body: `## Comisiones de trading

| Mercado | Maker | Taker |
|---|---|---|
| Contado | 0,1 % | 0,1 % |
| Contratos con margen en USDT | 0,02 % | 0,05 % |

Una orden **maker** añade liquidez al libro de órdenes (una orden límite que no se ejecuta al instante). Una orden **taker** se ejecuta contra una orden que ya está en el libro (órdenes de mercado y órdenes límite que se ejecutan al instante).

Ejemplos: comprar 1.000 USDT de BTC al contado cuesta 1 USDT de comisión. Abrir una posición de contrato de 10.000 USDT con una orden de mercado cuesta 5 USDT; con una orden límite maker, 2 USDT.

Las comisiones de los contratos se cobran sobre el valor de la posición, no sobre tu margen: con apalancamiento, las comisiones son mayores en proporción a tu margen.

## Financiación

Los contratos perpetuos intercambian financiación entre largos y cortos cada 8 horas. La financiación se paga entre traders, no a la plataforma.

## Comisiones de retiro

| Moneda | Red | Comisión |
|---|---|---|
| USDT | TRC20 | 1 USDT |
| USDT | ERC20 | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |`,
  },
  "academy-risk-warning": {
    title: "Advertencia de riesgos",
    summary: "Los criptoactivos y el trading apalancado conllevan un riesgo alto. Lee esto antes de operar.",
    body: `Operar con criptoactivos implica un riesgo importante y no es adecuado para todo el mundo.

- **Volatilidad:** los precios pueden subir o bajar con fuerza en minutos, a cualquier hora del día o de la noche.
- **Apalancamiento:** con contratos apalancados, un pequeño movimiento del precio puede liquidar tu posición y hacerte perder todo su margen.
- **Liquidez:** en mercados rápidos una orden puede ejecutarse a un precio peor del esperado.
- **Sin garantías:** los resultados pasados no predicen los futuros. Las tasas de interés y las recompensas pueden cambiar.
- **Tecnología y seguridad:** las redes pueden congestionarse y una transferencia por la red equivocada no se puede revertir. Protege tu cuenta con Google Authenticator y una contraseña de fondos.
- **Regulación:** las normas varían de un país a otro y pueden cambiar. Asegúrate de que puedes usar estos servicios donde vives.

Opera solo con dinero que puedas permitirte perder y considera pedir asesoramiento independiente. Nada en este sitio es asesoramiento de inversión.`,
  },
  "academy-daily-interest": {
    title: "El interés diario, explicado",
    summary: "Cómo el monedero de interés diario paga un 1 % al día, y la recompensa única de 5 USDT.",
    body: `El monedero de interés diario paga intereses sobre tu saldo en USDT todos los días.

## Cuánto

- Tasa: **1 % al día** sobre tu saldo.
- 100 USDT generan 1 USDT al día; 500 USDT generan 5 USDT al día.
- Recompensa por la primera participación: **5 USDT**, una vez por cuenta.

## Ejemplo

Participas con 200 USDT. Recibes una vez la recompensa de 5 USDT, y 2 USDT de interés por cada día que tu saldo se mantiene en 200 USDT.

## Conviene saber

- El interés se calcula sobre el saldo que hay en el monedero de interés diario.
- La recompensa se paga solo la primera vez que participas.
- Las tasas y recompensas las fija la plataforma y pueden cambiar. Lee la advertencia de riesgos antes de participar.`,
  },
  "news-perpetuals": {
    title: "Perpetuos con margen en USDT y hasta 100x de apalancamiento",
    summary: "Opera perpetuos de BTC y ETH con hasta 100x, y otras monedas con hasta 50x.",
    body: `Los contratos perpetuos con margen en USDT están abiertos en BTC, ETH y las demás monedas listadas.

- **Apalancamiento:** hasta 100x en BTC y ETH, hasta 50x en las demás monedas.
- **Comisiones:** 0,02 % maker, 0,05 % taker.
- **Financiación:** cada 8 horas.
- **Liquidación:** al precio de marca, cuando el ratio de margen llega a la tasa de mantenimiento (0,5 % en BTC y ETH, 1 % en las demás monedas).

¿Nuevo en el apalancamiento? Lee primero "Cómo funcionan el apalancamiento y la liquidación" en la Academia y empieza con un apalancamiento bajo.`,
  },
  "news-install-app": {
    title: "Instala la app en tu teléfono",
    summary: "Añade el exchange a tu pantalla de inicio: se abre a pantalla completa, sin tienda de apps.",
    body: `Ahora puedes instalar este exchange como una app directamente desde tu navegador, sin tienda de apps.

- **Android (Chrome):** toca **Instalar** en el banner, o abre el menú ⋮ y elige "Instalar aplicación".
- **iPhone (Safari):** toca Compartir y después "Añadir a pantalla de inicio".

La app se abre a pantalla completa, arranca más rápido y muestra una página clara cuando no tienes conexión. Se actualiza sola.`,
  },
  "member-first-steps": {
    title: "Protege tu cuenta en tres pasos",
    summary: "Verifica tu identidad, configura una contraseña de fondos y activa Google Authenticator.",
    body: `¡Bienvenido! Antes de tu primer depósito, dedica unos minutos a proteger tu cuenta:

1. **Verifica tu identidad** (verificación básica).
2. **Configura una contraseña de fondos**: se pide en cada retiro. Que sea distinta de tu contraseña de acceso.
3. **Activa Google Authenticator**: un código de 6 dígitos que cambia cada 30 segundos.

Un retiro requiere un número de móvil vinculado, la verificación básica y una contraseña de fondos, así que vincula también tu número de móvil.`,
  },
};

export default es;
