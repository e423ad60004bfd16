import type { Lang } from "../../contract/languages.ts";
import { SLIDE_TYPES } from "../../contract/posts.ts";

type SlideText = { title: string; subtitle: string };

/** The home page's banners: artwork without words (public/banners), the words in ten languages. */
export const seededSlides: {
  slug: string;
  type: number;
  sort: number;
  link: string;
  image: string;
  translations: Record<Lang, SlideText>;
}[] = [
  {
    slug: "banner-futures",
    type: SLIDE_TYPES.homeBanner,
    sort: 1,
    link: "/notice?slug=news-perpetuals",
    image: "/banners/futures.svg",
    translations: {
      en: { title: "Perpetuals up to 100x", subtitle: "BTC and ETH, USDT-margined · fees from 0.02%" },
      zh: { title: "永续合约最高 100 倍", subtitle: "BTC 和 ETH，USDT 本位 · 手续费低至 0.02%" },
      tw: { title: "永續合約最高 100 倍", subtitle: "BTC 和 ETH，USDT 本位 · 手續費低至 0.02%" },
      ja: { title: "無期限先物 最大100倍", subtitle: "BTC・ETH、USDT建て · 手数料0.02%から" },
      es: {
        title: "Perpetuos hasta 100x",
        subtitle: "BTC y ETH con margen en USDT · comisiones desde 0,02 %",
      },
      ru: {
        title: "Бессрочные контракты до 100x",
        subtitle: "BTC и ETH с маржой в USDT · комиссия от 0,02 %",
      },
      kr: { title: "무기한 선물 최대 100배", subtitle: "BTC·ETH, USDT 마진 · 수수료 0.02%부터" },
      vn: { title: "Hợp đồng vĩnh cửu đến 100x", subtitle: "BTC và ETH, ký quỹ USDT · phí từ 0,02%" },
      id: { title: "Perpetual hingga 100x", subtitle: "BTC dan ETH, margin USDT · biaya mulai 0,02%" },
      pt: { title: "Perpétuos até 100x", subtitle: "BTC e ETH com margem em USDT · taxas a partir de 0,02%" },
    },
  },
  {
    slug: "banner-earn",
    type: SLIDE_TYPES.homeBanner,
    sort: 2,
    link: "/notice?slug=academy-daily-interest",
    image: "/banners/earn.svg",
    translations: {
      en: { title: "Earn 1% a day", subtitle: "100 USDT earns 1 USDT daily · 5 USDT when you join" },
      zh: { title: "每日赚取 1%", subtitle: "100 USDT 每天赚 1 USDT · 首次参与奖励 5 USDT" },
      tw: { title: "每日賺取 1%", subtitle: "100 USDT 每天賺 1 USDT · 首次參與獎勵 5 USDT" },
      ja: { title: "毎日1%の利息", subtitle: "100 USDTで毎日1 USDT · 初回参加で5 USDT" },
      es: { title: "Gana un 1 % al día", subtitle: "100 USDT generan 1 USDT al día · 5 USDT al empezar" },
      ru: { title: "1 % в день", subtitle: "100 USDT приносят 1 USDT в день · 5 USDT за участие" },
      kr: { title: "매일 1% 이자", subtitle: "100 USDT로 하루 1 USDT · 첫 참여 시 5 USDT" },
      vn: {
        title: "Lãi 1% mỗi ngày",
        subtitle: "100 USDT sinh 1 USDT mỗi ngày · thưởng 5 USDT khi tham gia",
      },
      id: {
        title: "Dapatkan 1% per hari",
        subtitle: "100 USDT menghasilkan 1 USDT per hari · 5 USDT saat bergabung",
      },
      pt: { title: "Ganhe 1% ao dia", subtitle: "100 USDT rendem 1 USDT por dia · 5 USDT ao participar" },
    },
  },
  {
    slug: "banner-invite",
    type: SLIDE_TYPES.homeBanner,
    sort: 3,
    link: "/share",
    image: "/banners/invite.svg",
    translations: {
      en: { title: "Invite your friends", subtitle: "Share your invite link and trade together" },
      zh: { title: "邀请好友", subtitle: "分享您的邀请链接，一起交易" },
      tw: { title: "邀請好友", subtitle: "分享您的邀請連結，一起交易" },
      ja: { title: "友達を招待", subtitle: "招待リンクを共有して一緒に取引" },
      es: { title: "Invita a tus amigos", subtitle: "Comparte tu enlace de invitación y operad juntos" },
      ru: { title: "Пригласите друзей", subtitle: "Поделитесь ссылкой-приглашением и торгуйте вместе" },
      kr: { title: "친구 초대", subtitle: "초대 링크를 공유하고 함께 거래하세요" },
      vn: { title: "Mời bạn bè", subtitle: "Chia sẻ liên kết mời và cùng giao dịch" },
      id: { title: "Undang teman Anda", subtitle: "Bagikan tautan undangan dan bertransaksi bersama" },
      pt: { title: "Convide seus amigos", subtitle: "Compartilhe seu link de convite e negociem juntos" },
    },
  },
];
