/** Điều khoản sử dụng và Chính sách quyền riêng tư bằng tiếng Việt, dịch từ protocol.en.ts. */
export const terms = {
  title: "Điều khoản sử dụng",
  summary: "Thỏa thuận giữa bạn và nền tảng khi bạn mở tài khoản và giao dịch.",
  body: `## 1. Chúng tôi là ai và ai được sử dụng dịch vụ
Các điều khoản này điều chỉnh việc bạn sử dụng trang web, ứng dụng web và API của nền tảng (gọi chung là "dịch vụ"). Bạn chỉ được mở tài khoản nếu đủ 18 tuổi trở lên, có đầy đủ năng lực hành vi dân sự và không cư trú tại khu vực pháp lý cấm sử dụng dịch vụ. Mỗi người chỉ được sở hữu một tài khoản.

## 2. Tài khoản của bạn
- Hãy giữ bí mật mật khẩu, mật khẩu quỹ và mã xác thực của bạn. Mọi thao tác được thực hiện bằng thông tin đăng nhập của bạn đều được coi là do chính bạn thực hiện.
- Hãy báo ngay cho chúng tôi qua bộ phận chăm sóc khách hàng nếu bạn cho rằng tài khoản của mình đã bị sử dụng khi chưa được bạn cho phép; chúng tôi có thể đóng băng tài khoản để bảo vệ bạn.
- Bạn cần xác minh danh tính trước khi rút tiền. Thông tin bạn cung cấp phải trung thực, đầy đủ và là của chính bạn.

## 3. Nạp và rút tiền
- Chỉ gửi mỗi loại coin qua mạng lưới được hiển thị trên trang nạp tiền. Coin gửi qua mạng lưới khác hoặc đến sai địa chỉ có thể bị mất vĩnh viễn.
- Để rút tiền, bạn cần liên kết số điện thoại, hoàn tất xác minh cơ bản và thiết lập mật khẩu quỹ; lệnh rút sẽ được xét duyệt trước khi gửi đi. Phí mạng lưới và số tiền rút tối thiểu được hiển thị trước khi bạn xác nhận.
- Sau khi thay đổi mật khẩu, mật khẩu quỹ, xác thực hai yếu tố, số điện thoại hoặc email, chức năng rút tiền sẽ bị khóa trong 24 giờ để bảo vệ bạn.

## 4. Giao dịch và rủi ro
- Giá tài sản mã hóa biến động mạnh. Hợp đồng đòn bẩy có thể khiến bạn nhanh chóng mất toàn bộ tiền ký quỹ; các vị thế có ký quỹ giảm xuống mức duy trì sẽ tự động bị thanh lý theo giá đánh dấu.
- Hợp đồng theo thời gian được tất toán nghiêm ngặt dựa trên các tick giá được ghi nhận lúc bắt đầu và kết thúc mỗi vòng; nhật ký tick được công khai để bạn có thể kiểm tra mọi kết quả.
- Phí, tỷ lệ trả thưởng và lãi suất được hiển thị trước khi bạn xác nhận mỗi lệnh và có thể thay đổi đối với các lệnh sau này.
- Không nội dung nào trên dịch vụ là lời khuyên đầu tư. Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.

## 5. Sản phẩm Earn
Pool đào coin, staking, khóa coin, ví lãi theo ngày và launchpad đều hiển thị lãi suất, hạn mức, thời gian khóa và quy tắc rút trước khi bạn tham gia. Lợi nhuận trong quá khứ không đảm bảo lợi nhuận trong tương lai.

## 6. Hành vi bị cấm
Bạn không được sử dụng dịch vụ để rửa tiền, tài trợ khủng bố, lừa đảo, thao túng thị trường hoặc né tránh lệnh trừng phạt; không được tấn công, làm quá tải hoặc dịch ngược dịch vụ; cũng không được mở tài khoản cho người khác. Chúng tôi có thể từ chối, tạm ngưng hoặc đóng các tài khoản liên quan đến những hành vi này và báo cáo khi pháp luật yêu cầu.

## 7. Tạm ngưng, thay đổi và đóng tài khoản
Chúng tôi có thể tạm ngưng dịch vụ để bảo trì hoặc vì lý do bảo mật và sẽ thông báo trong mục thông báo. Chúng tôi có thể thay đổi các điều khoản này; phiên bản mới có hiệu lực kể từ ngày công bố và các thay đổi quan trọng sẽ được thông báo trước. Bạn có thể đóng tài khoản bất kỳ lúc nào sau khi đã rút hết tài sản.

## 8. Trách nhiệm
Chúng tôi lưu giữ tài sản của khách hàng tách biệt với tài sản của mình và công bố bằng chứng dự trữ. Chúng tôi không chịu trách nhiệm đối với các tổn thất do biến động thị trường, do lỗi của chính bạn (chẳng hạn như sai địa chỉ hoặc sai mạng lưới) hoặc do các sự kiện nằm ngoài khả năng kiểm soát hợp lý của chúng tôi. Không điều khoản nào trong đây giới hạn trách nhiệm mà pháp luật không cho phép giới hạn.

## 9. Liên hệ
Câu hỏi và khiếu nại: hãy sử dụng mục chăm sóc khách hàng trong ứng dụng hoặc gửi thư đến email liên hệ được hiển thị tại đó.`,
};

export const privacy = {
  title: "Chính sách quyền riêng tư",
  summary: "Chúng tôi thu thập dữ liệu cá nhân nào, vì sao, lưu giữ trong bao lâu và quyền của bạn.",
  body: `## 1. Dữ liệu chúng tôi thu thập
- **Dữ liệu tài khoản:** địa chỉ email hoặc số điện thoại, mã quốc gia, biệt danh, ảnh đại diện, mã mời.
- **Dữ liệu xác minh:** họ tên thật, số giấy tờ tùy thân, quốc gia, loại giấy tờ, ảnh giấy tờ và ảnh bạn cầm giấy tờ đó.
- **Dữ liệu bảo mật:** mật khẩu đã được băm (chúng tôi không bao giờ lưu ở dạng có thể đọc được), cài đặt xác thực hai yếu tố, lịch sử đăng nhập kèm thiết bị, địa chỉ IP và thời gian.
- **Dữ liệu tài chính:** số dư, các khoản nạp, rút, địa chỉ, lệnh, vị thế và các sản phẩm Earn bạn tham gia.
- **Dữ liệu sử dụng:** ngôn ngữ, các trang bạn mở và các yêu cầu bạn gửi, được lưu trong nhật ký máy chủ.

## 2. Mục đích sử dụng
Để mở và bảo vệ tài khoản của bạn; xác minh danh tính và tuân thủ pháp luật về phòng chống rửa tiền; thực hiện lệnh và chuyển tài sản của bạn; phát hiện gian lận và lạm dụng; phản hồi khi bạn liên hệ với chúng tôi; và gửi cho bạn các thông báo về bảo mật và giao dịch. Chúng tôi không bán dữ liệu cá nhân của bạn.

## 3. Chúng tôi chia sẻ với ai
Chỉ với các nhà cung cấp giúp chúng tôi vận hành dịch vụ (lưu trữ máy chủ, gửi email và SMS, xác minh danh tính) theo hợp đồng ràng buộc họ phải bảo vệ dữ liệu, và với cơ quan chức năng khi pháp luật yêu cầu. Giấy tờ tùy thân chỉ bạn và nhân viên xét duyệt của chúng tôi mới xem được.

## 4. Thời gian lưu giữ
Hồ sơ tài khoản, xác minh và giao dịch được lưu giữ trong suốt thời gian tài khoản của bạn còn hoạt động và sau đó trong khoảng thời gian pháp luật yêu cầu (thường là năm năm). Nhật ký máy chủ được lưu giữ tối đa 90 ngày.

## 5. Cách chúng tôi bảo vệ dữ liệu
Mật khẩu được băm bằng Argon2id; phiên đăng nhập sử dụng token ngẫu nhiên được lưu ở dạng băm; giấy tờ tùy thân không bao giờ được công khai; quyền truy cập của nhân viên được giới hạn theo vai trò và được ghi lại trong nhật ký kiểm toán.

## 6. Quyền của bạn
Thông qua bộ phận chăm sóc khách hàng, bạn có thể yêu cầu xem, chỉnh sửa hoặc xóa dữ liệu cá nhân của mình, hoặc nhận một bản sao dữ liệu đó. Một số dữ liệu vẫn phải được lưu giữ để thực hiện nghĩa vụ pháp lý ngay cả sau khi bạn đóng tài khoản.

## 7. Cookie
Chúng tôi chỉ sử dụng các cookie cần thiết cho dịch vụ: phiên đăng nhập, ngôn ngữ, tùy chọn hiển thị (như chế độ rút gọn) và kiểm tra bảo mật. Chúng tôi không sử dụng cookie quảng cáo hoặc theo dõi.

## 8. Thay đổi
Mọi thay đổi đối với chính sách này sẽ được công bố tại đây kèm ngày thay đổi, và các thay đổi quan trọng sẽ được thông báo trong mục thông báo.`,
};
