/** Ketentuan Penggunaan dan Kebijakan Privasi dalam bahasa Indonesia, terjemahan protocol.en.ts. */
export const terms = {
  title: "Ketentuan Penggunaan",
  summary: "Perjanjian antara Anda dan platform saat Anda membuka akun dan melakukan trading.",
  body: `## 1. Siapa kami dan siapa yang boleh menggunakan layanan
Ketentuan ini mengatur penggunaan Anda atas situs web, aplikasi web, dan API platform ("layanan"). Anda hanya boleh membuka akun jika berusia minimal 18 tahun, cakap hukum sepenuhnya, dan tidak berdomisili di yurisdiksi yang melarang penggunaan layanan ini. Satu orang hanya boleh memiliki satu akun.

## 2. Akun Anda
- Jaga kerahasiaan kata sandi, kata sandi dana, dan kode autentikator Anda. Segala tindakan yang dilakukan dengan kredensial Anda dianggap dilakukan oleh Anda sendiri.
- Segera beri tahu kami melalui layanan pelanggan jika Anda menduga akun Anda digunakan tanpa izin; kami dapat membekukan akun tersebut untuk melindungi Anda.
- Verifikasi identitas wajib dilakukan sebelum penarikan. Informasi yang Anda berikan harus benar, lengkap, dan milik Anda sendiri.

## 3. Deposit dan penarikan
- Kirim setiap koin hanya melalui jaringan yang ditampilkan di halaman deposit. Koin yang dikirim melalui jaringan lain atau ke alamat yang salah dapat hilang secara permanen.
- Penarikan memerlukan nomor ponsel yang tertaut, verifikasi dasar, dan kata sandi dana, serta ditinjau terlebih dahulu sebelum dikirim. Biaya jaringan dan jumlah minimum ditampilkan sebelum Anda mengonfirmasi.
- Setelah Anda mengubah kata sandi, kata sandi dana, autentikasi dua faktor, nomor ponsel, atau email, penarikan dikunci selama 24 jam demi keamanan Anda.

## 4. Trading dan risiko
- Harga aset kripto sangat fluktuatif. Kontrak dengan leverage dapat menghabiskan seluruh margin Anda dengan cepat; posisi yang marginnya turun ke level pemeliharaan akan dilikuidasi secara otomatis pada harga tanda.
- Kontrak berjangka waktu diselesaikan secara ketat berdasarkan tick harga yang tercatat pada awal dan akhir setiap putaran; log tick bersifat publik sehingga Anda dapat memeriksa setiap hasilnya.
- Biaya, odds, dan tarif ditampilkan sebelum Anda mengonfirmasi setiap order dan dapat berubah untuk order berikutnya.
- Tidak ada konten dalam layanan ini yang merupakan saran investasi. Gunakan hanya dana yang siap Anda tanggung kerugiannya.

## 5. Produk Earn
Mining pool, staking, penguncian aset, dompet bunga harian, dan launchpad masing-masing menampilkan tingkat imbal hasil, batas, periode penguncian, dan aturan keluarnya sebelum Anda bergabung. Hasil di masa lalu tidak menjamin hasil di masa mendatang.

## 6. Penggunaan yang dilarang
Anda tidak boleh menggunakan layanan untuk pencucian uang, pendanaan terorisme, penipuan, manipulasi pasar, atau menghindari sanksi; menyerang, membebani secara berlebihan, atau merekayasa balik layanan; maupun membuka akun untuk orang lain. Kami dapat menolak, menangguhkan, atau menutup akun yang terlibat dalam penggunaan tersebut dan melaporkannya jika diwajibkan oleh hukum.

## 7. Penangguhan, perubahan, dan penutupan
Kami dapat menangguhkan layanan untuk pemeliharaan atau alasan keamanan, dan kami akan menyampaikannya di pengumuman. Kami dapat mengubah ketentuan ini; versi baru berlaku sejak tanggal publikasinya dan perubahan penting akan kami umumkan terlebih dahulu. Anda dapat menutup akun kapan saja setelah menarik aset Anda.

## 8. Tanggung jawab
Kami menyimpan aset pelanggan secara terpisah dari aset kami sendiri dan memublikasikan bukti cadangan (proof of reserves). Kami tidak bertanggung jawab atas kerugian yang disebabkan oleh pergerakan pasar, kesalahan Anda sendiri (misalnya alamat atau jaringan yang salah), atau peristiwa di luar kendali wajar kami. Tidak ada ketentuan dalam dokumen ini yang membatasi tanggung jawab yang menurut hukum tidak dapat dibatasi.

## 9. Kontak
Pertanyaan dan keluhan: gunakan layanan pelanggan di aplikasi atau kirim email ke alamat kontak yang tercantum di sana.`,
};

export const privacy = {
  title: "Kebijakan Privasi",
  summary:
    "Data pribadi apa yang kami kumpulkan, untuk apa, berapa lama kami menyimpannya, dan hak-hak Anda.",
  body: `## 1. Data yang kami kumpulkan
- **Data akun:** alamat email atau nomor ponsel, kode negara, nama panggilan, avatar, kode undangan.
- **Data verifikasi:** nama asli, nomor identitas, negara, jenis dokumen, foto kartu identitas Anda dan foto Anda sambil memegangnya.
- **Data keamanan:** kata sandi dalam bentuk hash (kami tidak pernah menyimpannya dalam bentuk yang dapat dibaca), pengaturan autentikasi dua faktor, riwayat login beserta perangkat, alamat IP, dan waktunya.
- **Data keuangan:** saldo, deposit, penarikan, alamat, order, posisi, dan partisipasi dalam produk Earn.
- **Data penggunaan:** bahasa, halaman yang Anda buka, dan permintaan yang Anda kirim, yang disimpan dalam log server.

## 2. Mengapa kami menggunakannya
Untuk membuka dan mengamankan akun Anda; memverifikasi identitas Anda dan mematuhi hukum anti pencucian uang; menjalankan order Anda dan memindahkan aset Anda; mendeteksi penipuan dan penyalahgunaan; menjawab Anda saat menghubungi kami; serta mengirimkan notifikasi keamanan dan transaksi. Kami tidak menjual data pribadi Anda.

## 3. Dengan siapa kami membagikannya
Hanya dengan penyedia yang membantu kami menjalankan layanan (hosting, pengiriman email dan SMS, pemeriksaan identitas), berdasarkan kontrak yang mewajibkan mereka melindunginya, serta dengan pihak berwenang jika diwajibkan oleh hukum. Dokumen identitas hanya dapat dilihat oleh Anda dan tim peninjau kami.

## 4. Berapa lama kami menyimpannya
Catatan akun, verifikasi, dan transaksi disimpan selama akun Anda aktif dan setelahnya selama jangka waktu yang diwajibkan oleh hukum (biasanya lima tahun). Log server disimpan paling lama 90 hari.

## 5. Cara kami melindunginya
Kata sandi di-hash dengan Argon2id; sesi menggunakan token acak yang disimpan dalam bentuk hash; dokumen identitas tidak pernah ditampilkan secara publik; akses staf dibatasi sesuai peran dan dicatat dalam log audit.

## 6. Hak Anda
Melalui layanan pelanggan, Anda dapat meminta untuk melihat, memperbaiki, atau menghapus data pribadi Anda, atau menerima salinannya. Sebagian data tetap harus disimpan untuk memenuhi kewajiban hukum, bahkan setelah Anda menutup akun.

## 7. Cookie
Kami hanya menggunakan cookie yang dibutuhkan layanan: sesi, bahasa, preferensi tampilan (seperti mode ringan), dan pemeriksaan keamanan Anda. Kami tidak menggunakan cookie iklan atau pelacakan.

## 8. Perubahan
Setiap perubahan pada kebijakan ini akan kami publikasikan di sini beserta tanggalnya, dan perubahan penting akan diumumkan di pengumuman.`,
};
