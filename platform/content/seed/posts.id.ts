import type { PostTexts } from "./posts.ts";

const id: PostTexts = {
  "notice-deposit-networks": {
    title: "Deposit dan penarikan USDT: jaringan TRC20 dan ERC20",
    summary: "Deposit minimum dan biaya penarikan USDT di TRON dan Ethereum, serta BTC dan ETH.",
    body: `Anda bisa melakukan deposit dan penarikan USDT di dua jaringan. Selalu pilih jaringan yang sama di kedua sisi transfer: koin yang dikirim lewat jaringan yang salah tidak dapat dikreditkan.

## Deposit minimum

| Koin | Jaringan | Deposit minimum |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 10 USDT |
| BTC | Bitcoin | 0,0001 BTC |
| ETH | Ethereum | 0,005 ETH |

Deposit di bawah minimum tidak dikreditkan. Deposit dikreditkan setelah jaringan mengonfirmasinya, dan Anda menerima pesan di pusat pesan.

## Biaya penarikan

| Koin | Jaringan | Biaya |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |

Setiap penarikan ditinjau sebelum dikirim. TRC20 biasanya cara termurah untuk memindahkan USDT.`,
  },
  "notice-security": {
    title: "Pemberitahuan keamanan: kami tidak pernah meminta kode Anda",
    summary: "Staf kami tidak akan pernah meminta kata sandi, kata sandi dana, atau kode verifikasi Anda.",
    body: `Penipu berpura-pura menjadi staf bursa untuk mengambil alih akun. Harap diingat:

- Staf kami **tidak pernah** meminta kata sandi login, kata sandi dana, kode Google Authenticator, atau kode verifikasi e-mail dan SMS Anda.
- Kami tidak pernah meminta Anda mengirim koin ke alamat "aman" atau "verifikasi".
- Periksa alamat situs sebelum login, dan pasang aplikasi hanya dari halaman unduhan situs ini.
- Aktifkan Google Authenticator dan atur kata sandi dana di pusat keamanan.

Jika Anda merasa akun Anda berisiko, segera ganti kata sandi login: semua perangkat lain akan dikeluarkan. Lalu hubungi layanan pelanggan.`,
  },
  "notice-daily-interest": {
    title: "Bunga harian: dapatkan 1% per hari untuk USDT Anda",
    summary:
      "100 USDT di dompet bunga harian menghasilkan 1 USDT per hari, plus 5 USDT saat pertama kali ikut.",
    body: `Dompet bunga harian membayar bunga atas saldo Anda setiap hari.

- **Suku bunga:** 1% dari saldo per hari. Dengan 100 USDT Anda mendapat 1 USDT per hari.
- **Hadiah sambutan:** 5 USDT, dibayar sekali, saat pertama kali Anda ikut.

Baca "Penjelasan bunga harian" di Akademi untuk melihat cara perhitungannya, dan baca peringatan risiko sebelum ikut.`,
  },
  "academy-deposit": {
    title: "Cara melakukan deposit",
    summary: "Isi akun Anda dengan USDT, BTC, atau ETH dalam empat langkah.",
    body: `1. Login, buka **Aset**, lalu **Deposit**.
2. Pilih koin, lalu jaringannya. Untuk USDT, TRC20 (TRON) memiliki biaya terendah; ERC20 (Ethereum) juga bisa.
3. Salin alamat deposit Anda, atau pindai kode QR-nya, di dompet atau bursa tempat Anda mengirim.
4. Kirim setidaknya jumlah minimum, di jaringan yang sama.

## Deposit minimum

- USDT: 1 USDT di TRC20, 10 USDT di ERC20
- BTC: 0,0001 BTC
- ETH: 0,005 ETH

## Kapan dana masuk?

Deposit dikreditkan setelah jaringan mengonfirmasinya, biasanya dalam beberapa menit; Bitcoin bisa lebih lama saat jaringan sibuk. Pesan di pusat pesan memberi tahu Anda saat dana dikreditkan.

## Hindari kesalahan

- Mengirim lewat jaringan yang salah, atau mengirim koin lain ke alamat ini, bisa membuat dana hilang.
- Jumlah di bawah minimum tidak dikreditkan.`,
  },
  "academy-leverage-liquidation": {
    title: "Cara kerja leverage dan likuidasi",
    summary: "Margin, leverage, margin pemeliharaan, dan apa yang memicu likuidasi pada kontrak perpetual.",
    body: `Kontrak perpetual memungkinkan Anda bertransaksi dengan **leverage**: Anda menyetor margin dan memegang posisi yang nilainya lebih besar.

## Leverage dan margin

Nilai posisi = margin × leverage. Dengan margin 100 USDT pada 10x, Anda memegang posisi 1.000 USDT. Pergerakan harga 1% mengubah untung atau rugi Anda sebesar 10 USDT, yaitu 10% dari margin Anda.

Leverage maksimum adalah **100x** untuk BTC dan ETH, dan **50x** untuk koin lain. Semakin tinggi leverage, semakin kecil pergerakan yang dapat menghabiskan margin Anda.

## Margin pemeliharaan dan likuidasi

Agar posisi tetap terbuka, Anda harus menjaga setidaknya **margin pemeliharaan**: 0,5% dari nilai posisi untuk BTC dan ETH, 1% untuk koin lain.

Rasio margin adalah margin ditambah untung atau rugi yang belum direalisasi, dibagi nilai posisi. Ketika rasio margin turun ke tingkat pemeliharaan, posisi **dilikuidasi pada harga mark** dan Anda kehilangan margin posisi tersebut.

Contoh: posisi long BTC 10x dimulai dengan rasio margin 10%. Jika harga turun sekitar 9,5%, rasio mencapai 0,5% dan posisi dilikuidasi.

## Harga mark dan funding

- Likuidasi memakai **harga mark**, harga wajar yang tahan terhadap lonjakan singkat, bukan harga transaksi terakhir.
- Kontrak perpetual memiliki **funding setiap 8 jam**: posisi long dan short saling membayar agar harga kontrak mengikuti harga spot. Tergantung tarifnya, Anda membayar atau menerimanya.

## Tetap terkendali

- Gunakan leverage rendah dan pasang **stop-loss**.
- Tambahkan margin jika harga bergerak melawan Anda.
- Jangan pernah bertransaksi dengan uang yang tidak sanggup Anda relakan.`,
  },
  "academy-fees": {
    title: "Biaya",
    summary: "Biaya trading spot dan kontrak margin USDT, serta biaya penarikan.",
    body: `## Biaya trading

| Pasar | Maker | Taker |
|---|---|---|
| Spot | 0,1% | 0,1% |
| Kontrak margin USDT | 0,02% | 0,05% |

Order **maker** menambah likuiditas ke buku order (order limit yang tidak langsung terisi). Order **taker** terisi melawan order yang sudah ada di buku (order market, dan order limit yang langsung terisi).

Contoh: membeli BTC senilai 1.000 USDT di spot dikenai biaya 1 USDT. Membuka posisi kontrak 10.000 USDT dengan order market dikenai 5 USDT; dengan order limit maker, 2 USDT.

Biaya kontrak dihitung dari nilai posisi, bukan dari margin Anda: dengan leverage, biaya lebih besar dibandingkan margin Anda.

## Funding

Kontrak perpetual menukar funding antara posisi long dan short setiap 8 jam. Funding dibayar antar trader, bukan ke platform.

## Biaya penarikan

| Koin | Jaringan | Biaya |
|---|---|---|
| USDT | TRC20 | 1 USDT |
| USDT | ERC20 | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |`,
  },
  "academy-risk-warning": {
    title: "Peringatan risiko",
    summary: "Aset kripto dan trading dengan leverage berisiko tinggi. Baca ini sebelum bertransaksi.",
    body: `Trading aset kripto mengandung risiko besar dan tidak cocok untuk semua orang.

- **Volatilitas:** harga bisa naik atau turun tajam dalam hitungan menit, kapan saja siang atau malam.
- **Leverage:** dengan kontrak ber-leverage, pergerakan harga kecil dapat melikuidasi posisi Anda dan menghabiskan seluruh marginnya.
- **Likuiditas:** di pasar yang bergerak cepat, order bisa terisi pada harga yang lebih buruk dari perkiraan.
- **Tanpa jaminan:** kinerja masa lalu tidak memprediksi hasil masa depan. Suku bunga dan hadiah dapat berubah.
- **Teknologi dan keamanan:** jaringan bisa padat, dan transfer di jaringan yang salah tidak dapat dibatalkan. Lindungi akun Anda dengan Google Authenticator dan kata sandi dana.
- **Regulasi:** aturan berbeda di tiap negara dan dapat berubah. Pastikan Anda boleh menggunakan layanan ini di tempat tinggal Anda.

Bertransaksilah hanya dengan uang yang sanggup Anda relakan, dan pertimbangkan saran independen. Tidak ada isi situs ini yang merupakan saran investasi.`,
  },
  "academy-daily-interest": {
    title: "Penjelasan bunga harian",
    summary: "Cara dompet bunga harian membayar 1% per hari, dan hadiah 5 USDT satu kali.",
    body: `Dompet bunga harian membayar bunga atas saldo USDT Anda setiap hari.

## Berapa banyak

- Suku bunga: **1% per hari** dari saldo Anda.
- 100 USDT menghasilkan 1 USDT per hari; 500 USDT menghasilkan 5 USDT per hari.
- Hadiah partisipasi pertama: **5 USDT**, sekali per akun.

## Contoh

Anda ikut dengan 200 USDT. Anda menerima hadiah 5 USDT satu kali, dan bunga 2 USDT untuk setiap hari saldo Anda tetap 200 USDT.

## Perlu diketahui

- Bunga dihitung dari saldo yang ada di dompet bunga harian.
- Hadiah hanya dibayar saat pertama kali Anda ikut.
- Suku bunga dan hadiah ditetapkan oleh platform dan dapat berubah. Baca peringatan risiko sebelum ikut.`,
  },
  "news-perpetuals": {
    title: "Perpetual margin USDT dengan leverage hingga 100x",
    summary: "Perdagangkan perpetual BTC dan ETH hingga 100x, dan koin lain hingga 50x.",
    body: `Kontrak perpetual dengan margin USDT kini tersedia untuk BTC, ETH, dan koin lain yang terdaftar.

- **Leverage:** hingga 100x untuk BTC dan ETH, hingga 50x untuk koin lain.
- **Biaya:** maker 0,02%, taker 0,05%.
- **Funding:** setiap 8 jam.
- **Likuidasi:** pada harga mark, ketika rasio margin mencapai tingkat pemeliharaan (0,5% untuk BTC dan ETH, 1% untuk koin lain).

Baru mengenal leverage? Baca dulu "Cara kerja leverage dan likuidasi" di Akademi, dan mulailah dengan leverage rendah.`,
  },
  "news-install-app": {
    title: "Pasang aplikasi di ponsel Anda",
    summary: "Tambahkan bursa ke layar utama: terbuka layar penuh, tanpa toko aplikasi.",
    body: `Kini Anda bisa memasang bursa ini sebagai aplikasi langsung dari browser, tanpa toko aplikasi.

- **Android (Chrome):** ketuk **Pasang** pada banner, atau buka menu ⋮ dan pilih "Instal aplikasi".
- **iPhone (Safari):** ketuk Bagikan, lalu "Tambah ke Layar Utama".

Aplikasi terbuka layar penuh, mulai lebih cepat, dan menampilkan halaman yang jelas saat Anda offline. Aplikasi memperbarui dirinya sendiri.`,
  },
  "member-first-steps": {
    title: "Amankan akun Anda dalam tiga langkah",
    summary: "Verifikasi identitas, atur kata sandi dana, dan aktifkan Google Authenticator.",
    body: `Selamat datang! Sebelum deposit pertama, luangkan beberapa menit untuk melindungi akun Anda:

1. **Verifikasi identitas Anda** (verifikasi dasar).
2. **Atur kata sandi dana**: diminta setiap kali penarikan. Buat berbeda dari kata sandi login.
3. **Aktifkan Google Authenticator**: kode 6 digit yang berganti setiap 30 detik.

Penarikan memerlukan nomor ponsel yang terhubung, verifikasi dasar, dan kata sandi dana, jadi hubungkan juga nomor ponsel Anda.`,
  },
};

export default id;
