import type { PostTexts } from "./posts.ts";

const pt: PostTexts = {
  "notice-deposit-networks": {
    title: "Depósitos e saques de USDT: redes TRC20 e ERC20",
    summary: "Depósitos mínimos e taxas de saque de USDT na TRON e na Ethereum, e de BTC e ETH.",
    body: `Você pode depositar e sacar USDT em duas redes. Escolha sempre a mesma rede nos dois lados de uma transferência: moedas enviadas pela rede errada não podem ser creditadas.

## Depósitos mínimos

| Moeda | Rede | Depósito mínimo |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 10 USDT |
| BTC | Bitcoin | 0,0001 BTC |
| ETH | Ethereum | 0,005 ETH |

Depósitos abaixo do mínimo não são creditados. Um depósito é creditado depois que a rede o confirma, e uma mensagem avisa você na central de mensagens.

## Taxas de saque

| Moeda | Rede | Taxa |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |

Todo saque é revisado antes de ser enviado. A TRC20 costuma ser a forma mais barata de movimentar USDT.`,
  },
  "notice-security": {
    title: "Aviso de segurança: nunca pedimos seus códigos",
    summary: "Nossa equipe nunca pedirá sua senha, sua senha de fundos ou seus códigos de verificação.",
    body: `Golpistas se passam por funcionários da corretora para tomar contas. Lembre-se:

- Nossa equipe **nunca** pedirá sua senha de login, sua senha de fundos, o código do Google Authenticator nem os códigos de verificação por e-mail e SMS.
- Nunca pedimos que você envie moedas para um endereço "seguro" ou "de verificação".
- Confira o endereço do site antes de entrar e instale o app apenas pela página de download deste site.
- Ative o Google Authenticator e defina uma senha de fundos na central de segurança.

Se achar que sua conta está em risco, troque sua senha de login imediatamente: todos os outros dispositivos serão desconectados. Depois, fale com o atendimento.`,
  },
  "notice-daily-interest": {
    title: "Juros diários: ganhe 1% ao dia com seus USDT",
    summary:
      "100 USDT na carteira de juros diários rendem 1 USDT por dia, e mais 5 USDT na primeira participação.",
    body: `A carteira de juros diários paga juros sobre o seu saldo todos os dias.

- **Taxa:** 1% do seu saldo por dia. Com 100 USDT você ganha 1 USDT por dia.
- **Recompensa de boas-vindas:** 5 USDT, paga uma única vez, na primeira vez que você participa.

Leia "Juros diários explicados" na Academia para ver como são calculados, e leia o aviso de riscos antes de participar.`,
  },
  "academy-deposit": {
    title: "Como depositar",
    summary: "Adicione fundos à sua conta com USDT, BTC ou ETH em quatro passos.",
    body: `1. Entre na sua conta e abra **Ativos** e depois **Depositar**.
2. Escolha a moeda e depois a rede. Para USDT, a TRC20 (TRON) tem as menores taxas; a ERC20 (Ethereum) também funciona.
3. Copie seu endereço de depósito, ou escaneie o QR code, na carteira ou corretora de onde você envia.
4. Envie pelo menos o valor mínimo, pela mesma rede.

## Depósitos mínimos

- USDT: 1 USDT na TRC20, 10 USDT na ERC20
- BTC: 0,0001 BTC
- ETH: 0,005 ETH

## Quando chega?

Seu depósito é creditado depois que a rede o confirma, normalmente em poucos minutos; o Bitcoin pode demorar mais quando a rede está congestionada. Uma mensagem na central de mensagens avisa quando ele for creditado.

## Evite erros

- Enviar pela rede errada, ou outra moeda para este endereço, pode fazer você perder os fundos.
- Valores abaixo do mínimo não são creditados.`,
  },
  "academy-leverage-liquidation": {
    title: "Como funcionam a alavancagem e a liquidação",
    summary:
      "Margem, alavancagem, margem de manutenção e o que causa uma liquidação nos contratos perpétuos.",
    body: `Os contratos perpétuos permitem operar com **alavancagem**: você deposita uma margem e mantém uma posição que vale mais do que ela.

## Alavancagem e margem

Valor da posição = margem × alavancagem. Com 100 USDT de margem a 10x, você tem uma posição de 1.000 USDT. Uma variação de 1% no preço muda seu lucro ou prejuízo em 10 USDT, ou seja, 10% da sua margem.

A alavancagem máxima é **100x** em BTC e ETH e **50x** nas demais moedas. Quanto maior a alavancagem, menor o movimento que acaba com a sua margem.

## Margem de manutenção e liquidação

Para manter uma posição aberta, você precisa manter pelo menos a **margem de manutenção**: 0,5% do valor da posição em BTC e ETH, 1% nas demais moedas.

O índice de margem é a sua margem mais o lucro ou prejuízo não realizado, dividido pelo valor da posição. Quando o índice de margem cai até a taxa de manutenção, a posição é **liquidada pelo preço de marcação** e você perde a margem dessa posição.

Exemplo: uma compra (long) em BTC a 10x começa com índice de margem de 10%. Se o preço cair cerca de 9,5%, o índice chega a 0,5% e a posição é liquidada.

## Preço de marcação e financiamento

- A liquidação usa o **preço de marcação**, um preço justo que resiste a picos curtos, e não o último negócio.
- Os perpétuos têm **financiamento a cada 8 horas**: compradores e vendedores pagam uns aos outros para que o contrato acompanhe o preço à vista. Dependendo da taxa, você paga ou recebe.

## Mantenha o controle

- Use alavancagem baixa e defina um **stop-loss**.
- Adicione margem se o preço andar contra você.
- Nunca opere com dinheiro que você não pode perder.`,
  },
  "academy-fees": {
    title: "Taxas",
    summary: "Taxas de negociação à vista e de contratos com margem em USDT, e taxas de saque.",
    body: `## Taxas de negociação

| Mercado | Maker | Taker |
|---|---|---|
| À vista | 0,1% | 0,1% |
| Contratos com margem em USDT | 0,02% | 0,05% |

Uma ordem **maker** adiciona liquidez ao livro de ofertas (uma ordem limitada que não é executada na hora). Uma ordem **taker** é executada contra uma ordem que já está no livro (ordens a mercado e ordens limitadas executadas na hora).

Exemplos: comprar 1.000 USDT de BTC à vista custa 1 USDT de taxa. Abrir uma posição de contrato de 10.000 USDT com ordem a mercado custa 5 USDT; com uma ordem limitada maker, 2 USDT.

As taxas de contratos são cobradas sobre o valor da posição, não sobre a sua margem: com alavancagem, as taxas ficam maiores em relação à margem.

## Financiamento

Os contratos perpétuos trocam financiamento entre compradores e vendedores a cada 8 horas. O financiamento é pago entre traders, não à plataforma.

## Taxas de saque

| Moeda | Rede | Taxa |
|---|---|---|
| USDT | TRC20 | 1 USDT |
| USDT | ERC20 | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |`,
  },
  "academy-risk-warning": {
    title: "Aviso de riscos",
    summary: "Criptoativos e negociação alavancada têm risco alto. Leia isto antes de operar.",
    body: `Negociar criptoativos envolve risco significativo e não é adequado para todos.

- **Volatilidade:** os preços podem subir ou cair fortemente em minutos, a qualquer hora do dia ou da noite.
- **Alavancagem:** com contratos alavancados, um pequeno movimento de preço pode liquidar sua posição e levar toda a margem.
- **Liquidez:** em mercados rápidos, uma ordem pode ser executada a um preço pior que o esperado.
- **Sem garantias:** resultados passados não preveem resultados futuros. Taxas de juros e recompensas podem mudar.
- **Tecnologia e segurança:** as redes podem ficar congestionadas, e uma transferência pela rede errada não pode ser desfeita. Proteja sua conta com o Google Authenticator e uma senha de fundos.
- **Regulação:** as regras variam de país para país e podem mudar. Verifique se você pode usar estes serviços onde mora.

Opere apenas com dinheiro que você pode perder e considere buscar orientação independente. Nada neste site é recomendação de investimento.`,
  },
  "academy-daily-interest": {
    title: "Juros diários explicados",
    summary: "Como a carteira de juros diários paga 1% ao dia, e a recompensa única de 5 USDT.",
    body: `A carteira de juros diários paga juros sobre o seu saldo em USDT todos os dias.

## Quanto

- Taxa: **1% ao dia** sobre o seu saldo.
- 100 USDT rendem 1 USDT por dia; 500 USDT rendem 5 USDT por dia.
- Recompensa pela primeira participação: **5 USDT**, uma vez por conta.

## Exemplo

Você participa com 200 USDT. Recebe a recompensa de 5 USDT uma vez, e 2 USDT de juros por dia enquanto o saldo continuar em 200 USDT.

## Bom saber

- Os juros são calculados sobre o saldo mantido na carteira de juros diários.
- A recompensa é paga apenas na primeira vez que você participa.
- Taxas e recompensas são definidas pela plataforma e podem mudar. Leia o aviso de riscos antes de participar.`,
  },
  "news-perpetuals": {
    title: "Perpétuos com margem em USDT e alavancagem de até 100x",
    summary: "Negocie perpétuos de BTC e ETH com até 100x, e outras moedas com até 50x.",
    body: `Os contratos perpétuos com margem em USDT estão abertos para BTC, ETH e as demais moedas listadas.

- **Alavancagem:** até 100x em BTC e ETH, até 50x nas demais moedas.
- **Taxas:** 0,02% maker, 0,05% taker.
- **Financiamento:** a cada 8 horas.
- **Liquidação:** pelo preço de marcação, quando o índice de margem atinge a taxa de manutenção (0,5% em BTC e ETH, 1% nas demais moedas).

Novo na alavancagem? Leia primeiro "Como funcionam a alavancagem e a liquidação" na Academia e comece com alavancagem baixa.`,
  },
  "news-install-app": {
    title: "Instale o app no seu celular",
    summary: "Adicione a corretora à tela inicial: abre em tela cheia, sem loja de apps.",
    body: `Agora você pode instalar esta corretora como um app direto do navegador, sem loja de apps.

- **Android (Chrome):** toque em **Instalar** no banner, ou abra o menu ⋮ e escolha "Instalar app".
- **iPhone (Safari):** toque em Compartilhar e depois em "Adicionar à Tela de Início".

O app abre em tela cheia, inicia mais rápido e mostra uma página clara quando você está sem conexão. Ele se atualiza sozinho.`,
  },
  "member-first-steps": {
    title: "Proteja sua conta em três passos",
    summary: "Verifique sua identidade, defina uma senha de fundos e ative o Google Authenticator.",
    body: `Boas-vindas! Antes do seu primeiro depósito, reserve alguns minutos para proteger sua conta:

1. **Verifique sua identidade** (verificação básica).
2. **Defina uma senha de fundos**: ela é pedida em todo saque. Use uma diferente da senha de login.
3. **Ative o Google Authenticator**: um código de 6 dígitos que muda a cada 30 segundos.

Um saque exige um número de celular vinculado, a verificação básica e uma senha de fundos, então vincule também o seu celular.`,
  },
};

export default pt;
