import { describe, expect, it } from "vitest";
import { formatAgentCode, maskAccount, newAgentCode } from "./service.ts";

const none = { email: "", phone: "", area_code: "", wallet_address: null };

describe("what an inviter sees of the people they invited", () => {
  it("masks e-mails, phones and wallets", () => {
    expect(maskAccount({ ...none, email: "jonathan@example.com" })).toBe("jo***@example.com");
    expect(maskAccount({ ...none, email: "ann@example.com" })).toBe("a***@example.com");
    expect(maskAccount({ ...none, phone: "91234567", area_code: "65" })).toBe("+65 912****67");
    expect(maskAccount({ ...none, phone: "91234", area_code: "1" })).toBe("+1 9****34");
    expect(maskAccount({ ...none, wallet_address: "0x1234567890abcdef1234567890abcdef12345678" })).toBe(
      "0x1234…5678",
    );
    expect(maskAccount(none)).toBe("***");
  });
});

describe("agent codes", () => {
  it("are 12 unambiguous characters, printed in groups of four", () => {
    const code = newAgentCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(formatAgentCode("ABCDEFGHJKLM")).toBe("ABCD-EFGH-JKLM");
  });
});
