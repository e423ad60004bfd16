import type { PostTexts } from "./posts.ts";

const vn: PostTexts = {
  "notice-deposit-networks": {
    title: "Nạp và rút USDT: mạng TRC20 và ERC20",
    summary: "Số tiền nạp tối thiểu và phí rút USDT trên TRON và Ethereum, cùng BTC và ETH.",
    body: `Bạn có thể nạp và rút USDT trên hai mạng. Luôn chọn cùng một mạng ở cả hai đầu của giao dịch chuyển: coin gửi qua sai mạng không thể được ghi có.

## Số tiền nạp tối thiểu

| Coin | Mạng | Nạp tối thiểu |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 10 USDT |
| BTC | Bitcoin | 0,0001 BTC |
| ETH | Ethereum | 0,005 ETH |

Khoản nạp dưới mức tối thiểu sẽ không được ghi có. Khoản nạp được ghi có sau khi mạng xác nhận, và bạn sẽ nhận được thông báo trong trung tâm tin nhắn.

## Phí rút

| Coin | Mạng | Phí |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |

Mỗi lệnh rút đều được xét duyệt trước khi gửi. TRC20 thường là cách rẻ nhất để chuyển USDT.`,
  },
  "notice-security": {
    title: "Thông báo bảo mật: chúng tôi không bao giờ hỏi mã của bạn",
    summary: "Nhân viên của chúng tôi không bao giờ hỏi mật khẩu, mật khẩu quỹ hay mã xác minh của bạn.",
    body: `Kẻ lừa đảo giả làm nhân viên sàn giao dịch để chiếm tài khoản. Hãy nhớ:

- Nhân viên của chúng tôi **không bao giờ** hỏi mật khẩu đăng nhập, mật khẩu quỹ, mã Google Authenticator hay mã xác minh qua e-mail và SMS của bạn.
- Chúng tôi không bao giờ yêu cầu bạn gửi coin đến một địa chỉ "an toàn" hay "xác minh".
- Kiểm tra địa chỉ trang web trước khi đăng nhập và chỉ cài ứng dụng từ trang tải xuống của trang này.
- Bật Google Authenticator và đặt mật khẩu quỹ trong trung tâm bảo mật.

Nếu bạn nghĩ tài khoản đang gặp rủi ro, hãy đổi mật khẩu đăng nhập ngay: mọi thiết bị khác sẽ bị đăng xuất. Sau đó liên hệ bộ phận chăm sóc khách hàng.`,
  },
  "notice-daily-interest": {
    title: "Lãi hằng ngày: nhận 1% mỗi ngày cho USDT của bạn",
    summary: "100 USDT trong ví lãi hằng ngày sinh 1 USDT mỗi ngày, và thêm 5 USDT khi bạn tham gia lần đầu.",
    body: `Ví lãi hằng ngày trả lãi trên số dư của bạn mỗi ngày.

- **Lãi suất:** 1% số dư mỗi ngày. Với 100 USDT bạn nhận 1 USDT mỗi ngày.
- **Thưởng chào mừng:** 5 USDT, trả một lần khi bạn tham gia lần đầu.

Hãy đọc "Giải thích lãi hằng ngày" trong Học viện để biết cách tính, và đọc cảnh báo rủi ro trước khi tham gia.`,
  },
  "academy-deposit": {
    title: "Cách nạp tiền",
    summary: "Nạp USDT, BTC hoặc ETH vào tài khoản trong bốn bước.",
    body: `1. Đăng nhập, mở **Tài sản**, rồi chọn **Nạp**.
2. Chọn coin, sau đó chọn mạng. Với USDT, TRC20 (TRON) có phí thấp nhất; ERC20 (Ethereum) cũng dùng được.
3. Sao chép địa chỉ nạp, hoặc quét mã QR của nó, trong ví hoặc sàn mà bạn gửi đi.
4. Gửi ít nhất số tiền tối thiểu, trên cùng một mạng.

## Số tiền nạp tối thiểu

- USDT: 1 USDT trên TRC20, 10 USDT trên ERC20
- BTC: 0,0001 BTC
- ETH: 0,005 ETH

## Khi nào tiền đến?

Khoản nạp được ghi có sau khi mạng xác nhận, thường trong vài phút; Bitcoin có thể lâu hơn khi mạng bận. Bạn sẽ nhận thông báo trong trung tâm tin nhắn khi tiền được ghi có.

## Tránh sai sót

- Gửi sai mạng, hoặc gửi coin khác đến địa chỉ này, có thể làm mất tiền.
- Số tiền dưới mức tối thiểu sẽ không được ghi có.`,
  },
  "academy-leverage-liquidation": {
    title: "Đòn bẩy và thanh lý hoạt động thế nào",
    summary: "Ký quỹ, đòn bẩy, ký quỹ duy trì và điều gì dẫn đến thanh lý trong hợp đồng vĩnh cửu.",
    body: `Hợp đồng vĩnh cửu cho phép bạn giao dịch với **đòn bẩy**: bạn đặt một khoản ký quỹ và giữ một vị thế có giá trị lớn hơn nó.

## Đòn bẩy và ký quỹ

Giá trị vị thế = ký quỹ × đòn bẩy. Với 100 USDT ký quỹ ở mức 10x, bạn giữ vị thế 1.000 USDT. Giá biến động 1% sẽ làm lãi lỗ của bạn thay đổi 10 USDT, tức 10% ký quỹ.

Đòn bẩy tối đa là **100x** với BTC và ETH, **50x** với các coin khác. Đòn bẩy càng cao, biến động giá càng nhỏ cũng đủ xóa sạch ký quỹ.

## Ký quỹ duy trì và thanh lý

Để giữ vị thế mở, bạn phải duy trì ít nhất **ký quỹ duy trì**: 0,5% giá trị vị thế với BTC và ETH, 1% với các coin khác.

Tỷ lệ ký quỹ là ký quỹ cộng lãi lỗ chưa thực hiện, chia cho giá trị vị thế. Khi tỷ lệ ký quỹ giảm xuống mức ký quỹ duy trì, vị thế bị **thanh lý theo giá đánh dấu** và bạn mất ký quỹ của vị thế đó.

Ví dụ: một vị thế mua BTC 10x bắt đầu với tỷ lệ ký quỹ 10%. Nếu giá giảm khoảng 9,5%, tỷ lệ chạm 0,5% và vị thế bị thanh lý.

## Giá đánh dấu và phí funding

- Thanh lý dùng **giá đánh dấu**, một mức giá hợp lý chống lại các đợt tăng giảm đột ngột ngắn, chứ không phải giá khớp gần nhất.
- Hợp đồng vĩnh cửu có **funding mỗi 8 giờ**: bên mua và bên bán trả cho nhau để giá hợp đồng bám theo giá giao ngay. Tùy theo tỷ lệ, bạn trả hoặc nhận khoản này.

## Kiểm soát rủi ro

- Dùng đòn bẩy thấp và đặt **cắt lỗ**.
- Nạp thêm ký quỹ nếu giá đi ngược hướng bạn.
- Không bao giờ giao dịch bằng tiền bạn không thể để mất.`,
  },
  "academy-fees": {
    title: "Phí",
    summary: "Phí giao dịch giao ngay và hợp đồng ký quỹ USDT, cùng phí rút.",
    body: `## Phí giao dịch

| Thị trường | Maker | Taker |
|---|---|---|
| Giao ngay | 0,1% | 0,1% |
| Hợp đồng ký quỹ USDT | 0,02% | 0,05% |

Lệnh **maker** bổ sung thanh khoản cho sổ lệnh (lệnh giới hạn không khớp ngay). Lệnh **taker** khớp với lệnh đã có trong sổ (lệnh thị trường và lệnh giới hạn khớp ngay).

Ví dụ: mua 1.000 USDT BTC giao ngay tốn 1 USDT phí. Mở vị thế hợp đồng 10.000 USDT bằng lệnh thị trường tốn 5 USDT; bằng lệnh giới hạn maker là 2 USDT.

Phí hợp đồng tính trên giá trị vị thế, không phải trên ký quỹ: khi dùng đòn bẩy, phí lớn hơn so với ký quỹ của bạn.

## Funding

Hợp đồng vĩnh cửu trao đổi funding giữa bên mua và bên bán mỗi 8 giờ. Funding được trả giữa các nhà giao dịch, không trả cho nền tảng.

## Phí rút

| Coin | Mạng | Phí |
|---|---|---|
| USDT | TRC20 | 1 USDT |
| USDT | ERC20 | 5 USDT |
| BTC | Bitcoin | 0,0005 BTC |
| ETH | Ethereum | 0,003 ETH |`,
  },
  "academy-risk-warning": {
    title: "Cảnh báo rủi ro",
    summary: "Tài sản tiền mã hóa và giao dịch đòn bẩy có rủi ro cao. Hãy đọc trước khi giao dịch.",
    body: `Giao dịch tài sản tiền mã hóa có rủi ro đáng kể và không phù hợp với tất cả mọi người.

- **Biến động:** giá có thể tăng hoặc giảm mạnh trong vài phút, vào bất kỳ lúc nào trong ngày hay đêm.
- **Đòn bẩy:** với hợp đồng đòn bẩy, một biến động giá nhỏ có thể khiến vị thế bị thanh lý và mất toàn bộ ký quỹ.
- **Thanh khoản:** khi thị trường biến động nhanh, lệnh có thể khớp ở giá tệ hơn dự kiến.
- **Không có bảo đảm:** kết quả trong quá khứ không dự báo kết quả tương lai. Lãi suất và phần thưởng có thể thay đổi.
- **Công nghệ và bảo mật:** mạng có thể bị nghẽn, và giao dịch chuyển sai mạng không thể hoàn tác. Hãy bảo vệ tài khoản bằng Google Authenticator và mật khẩu quỹ.
- **Pháp lý:** quy định khác nhau giữa các quốc gia và có thể thay đổi. Hãy chắc chắn bạn được phép dùng các dịch vụ này nơi bạn sống.

Chỉ giao dịch bằng tiền bạn có thể để mất, và cân nhắc tìm lời khuyên độc lập. Không nội dung nào trên trang này là lời khuyên đầu tư.`,
  },
  "academy-daily-interest": {
    title: "Giải thích lãi hằng ngày",
    summary: "Ví lãi hằng ngày trả 1% mỗi ngày thế nào, và phần thưởng 5 USDT một lần.",
    body: `Ví lãi hằng ngày trả lãi trên số dư USDT của bạn mỗi ngày.

## Bao nhiêu

- Lãi suất: **1% mỗi ngày** trên số dư.
- 100 USDT sinh 1 USDT mỗi ngày; 500 USDT sinh 5 USDT mỗi ngày.
- Thưởng tham gia lần đầu: **5 USDT**, một lần cho mỗi tài khoản.

## Ví dụ

Bạn tham gia với 200 USDT. Bạn nhận phần thưởng 5 USDT một lần, và 2 USDT tiền lãi cho mỗi ngày số dư của bạn vẫn là 200 USDT.

## Cần biết

- Lãi được tính trên số dư nằm trong ví lãi hằng ngày.
- Phần thưởng chỉ được trả vào lần tham gia đầu tiên.
- Lãi suất và phần thưởng do nền tảng đặt ra và có thể thay đổi. Hãy đọc cảnh báo rủi ro trước khi tham gia.`,
  },
  "news-perpetuals": {
    title: "Hợp đồng vĩnh cửu ký quỹ USDT với đòn bẩy đến 100x",
    summary: "Giao dịch hợp đồng vĩnh cửu BTC và ETH đến 100x, các coin khác đến 50x.",
    body: `Hợp đồng vĩnh cửu ký quỹ USDT đã mở cho BTC, ETH và các coin niêm yết khác.

- **Đòn bẩy:** đến 100x với BTC và ETH, đến 50x với các coin khác.
- **Phí:** maker 0,02%, taker 0,05%.
- **Funding:** mỗi 8 giờ.
- **Thanh lý:** theo giá đánh dấu, khi tỷ lệ ký quỹ chạm mức ký quỹ duy trì (0,5% với BTC và ETH, 1% với các coin khác).

Mới dùng đòn bẩy? Hãy đọc "Đòn bẩy và thanh lý hoạt động thế nào" trong Học viện trước, và bắt đầu với đòn bẩy thấp.`,
  },
  "news-install-app": {
    title: "Cài ứng dụng trên điện thoại",
    summary: "Thêm sàn vào màn hình chính: mở toàn màn hình, không cần kho ứng dụng.",
    body: `Giờ đây bạn có thể cài sàn giao dịch này như một ứng dụng ngay từ trình duyệt, không cần kho ứng dụng.

- **Android (Chrome):** chạm **Cài đặt** trên biểu ngữ, hoặc mở menu ⋮ và chọn "Cài đặt ứng dụng".
- **iPhone (Safari):** chạm Chia sẻ, rồi "Thêm vào MH chính".

Ứng dụng mở toàn màn hình, khởi động nhanh hơn và hiển thị một trang rõ ràng khi bạn ngoại tuyến. Ứng dụng tự cập nhật.`,
  },
  "member-first-steps": {
    title: "Bảo vệ tài khoản trong ba bước",
    summary: "Xác minh danh tính, đặt mật khẩu quỹ và bật Google Authenticator.",
    body: `Chào mừng bạn! Trước lần nạp đầu tiên, hãy dành vài phút bảo vệ tài khoản:

1. **Xác minh danh tính** (xác minh cơ bản).
2. **Đặt mật khẩu quỹ**: được hỏi mỗi lần rút tiền. Hãy đặt khác với mật khẩu đăng nhập.
3. **Bật Google Authenticator**: mã 6 chữ số thay đổi mỗi 30 giây.

Rút tiền cần số điện thoại đã liên kết, xác minh cơ bản và mật khẩu quỹ, vì vậy hãy liên kết cả số điện thoại của bạn.`,
  },
};

export default vn;
