/** Termos de Uso e Política de Privacidade em português (Brasil), traduzidos de protocol.en.ts. */
export const terms = {
  title: "Termos de Uso",
  summary: "O acordo entre você e a plataforma quando você abre uma conta e negocia.",
  body: `## 1. Quem somos e quem pode usar o serviço
Estes termos regem o uso do site, do web app e da API da plataforma (o "serviço"). Você só pode abrir uma conta se tiver pelo menos 18 anos, plena capacidade civil e não residir em uma jurisdição onde o uso do serviço seja proibido. Cada pessoa pode ter apenas uma conta.

## 2. Sua conta
- Mantenha em sigilo sua senha, sua senha de fundos e os códigos do seu autenticador. Tudo o que for feito com suas credenciais será considerado como feito por você.
- Avise-nos imediatamente pelo atendimento ao cliente se acreditar que sua conta foi usada sem sua permissão; podemos congelá-la para proteger você.
- A verificação de identidade é obrigatória antes de saques. As informações fornecidas devem ser verdadeiras, completas e suas.

## 3. Depósitos e saques
- Envie cada moeda somente pela rede indicada na página de depósito. Moedas enviadas por outra rede ou para um endereço errado podem ser perdidas para sempre.
- Os saques exigem um número de celular vinculado, a verificação básica e uma senha de fundos, e são analisados antes do envio. As taxas de rede e os valores mínimos são exibidos antes de você confirmar.
- Após a alteração da senha, da senha de fundos, da autenticação de dois fatores, do telefone ou do e-mail, os saques ficam bloqueados por 24 horas para a sua proteção.

## 4. Negociação e riscos
- Os preços dos criptoativos são voláteis. Contratos alavancados podem fazer você perder toda a sua margem rapidamente; posições cuja margem cai ao nível de manutenção são liquidadas automaticamente pelo preço de marcação.
- Os contratos por tempo são liquidados estritamente com base nos ticks de preço registrados no início e no fim de cada rodada; o registro de ticks é público, para que você possa conferir cada resultado.
- Taxas, odds e rendimentos são exibidos antes de você confirmar cada ordem e podem mudar para ordens futuras.
- Nada no serviço constitui recomendação de investimento. Negocie apenas com dinheiro que você pode perder.

## 5. Produtos Earn
Pools de mineração, staking, bloqueio de ativos, a carteira de juros diários e o launchpad mostram seu rendimento, limites, período de bloqueio e regras de saída antes de você participar. Rendimentos passados não garantem rendimentos futuros.

## 6. Uso proibido
Você não pode usar o serviço para lavagem de dinheiro, financiamento do terrorismo, fraude, manipulação de mercado ou para burlar sanções; nem atacar, sobrecarregar ou fazer engenharia reversa do serviço; nem abrir contas para terceiros. Podemos recusar, suspender ou encerrar contas envolvidas nesse tipo de uso e comunicá-lo às autoridades quando a lei exigir.

## 7. Suspensão, alterações e encerramento
Podemos suspender o serviço para manutenção ou por segurança, e informaremos isso nos avisos. Podemos alterar estes termos; a nova versão vale a partir da data de publicação, e anunciaremos mudanças relevantes com antecedência. Você pode encerrar sua conta a qualquer momento depois de sacar seus ativos.

## 8. Responsabilidade
Mantemos os ativos dos clientes separados dos nossos e publicamos prova de reservas. Não nos responsabilizamos por perdas causadas por movimentos do mercado, por erros seus (como endereço ou rede errados) ou por eventos fora do nosso controle razoável. Nada nestes termos limita responsabilidades que não possam ser limitadas por lei.

## 9. Contato
Dúvidas e reclamações: use o atendimento ao cliente no app ou escreva para o e-mail de contato exibido lá.`,
};

export const privacy = {
  title: "Política de Privacidade",
  summary:
    "Quais dados pessoais coletamos, por quê, por quanto tempo os guardamos e quais são seus direitos.",
  body: `## 1. O que coletamos
- **Dados da conta:** endereço de e-mail ou número de celular, código do país, apelido, avatar e código de convite.
- **Dados de verificação:** nome completo, número do documento, país, tipo de documento, fotos do seu documento e de você segurando-o.
- **Dados de segurança:** senhas com hash (nunca as armazenamos em formato legível), configurações da autenticação de dois fatores e histórico de login com dispositivo, endereço IP e horário.
- **Dados financeiros:** saldos, depósitos, saques, endereços, ordens, posições e participações em produtos Earn.
- **Dados de uso:** idioma, as páginas que você abre e as solicitações que faz, mantidos nos logs do servidor.

## 2. Por que os usamos
Para abrir e proteger sua conta; verificar sua identidade e cumprir a legislação de prevenção à lavagem de dinheiro; executar suas ordens e movimentar seus ativos; detectar fraudes e abusos; responder quando você entrar em contato; e enviar avisos de segurança e de transações. Não vendemos seus dados pessoais.

## 3. Com quem os compartilhamos
Apenas com fornecedores que nos ajudam a operar o serviço (hospedagem, envio de e-mails e SMS, verificação de identidade), sob contratos que os obrigam a protegê-los, e com autoridades quando a lei exigir. Os documentos de identidade são visíveis apenas para você e para nossos analistas.

## 4. Por quanto tempo os guardamos
Os registros de conta, verificação e transações são mantidos enquanto sua conta estiver aberta e, depois, pelo prazo exigido por lei (geralmente cinco anos). Os logs do servidor são mantidos por no máximo 90 dias.

## 5. Como os protegemos
As senhas são armazenadas com hash Argon2id; as sessões usam tokens aleatórios armazenados com hash; os documentos de identidade nunca são disponibilizados publicamente; e o acesso da equipe é limitado por função e registrado em um log de auditoria.

## 6. Seus direitos
Pelo atendimento ao cliente, você pode pedir para ver, corrigir ou excluir seus dados pessoais, ou receber uma cópia deles. Alguns dados precisam ser mantidos para cumprir obrigações legais mesmo depois que você encerrar sua conta.

## 7. Cookies
Usamos apenas os cookies de que o serviço precisa: sua sessão, seu idioma, suas preferências de exibição (como o modo leve) e verificações de segurança. Não usamos cookies de publicidade ou de rastreamento.

## 8. Alterações
Publicaremos aqui qualquer alteração desta política com a respectiva data e anunciaremos mudanças relevantes nos avisos.`,
};
