import { describe, expect, it } from "vitest";
import {
  addressBody,
  areaCodeField,
  captchaQuery,
  codeField,
  emailField,
  loginBody,
  phoneField,
} from "./identity.ts";
import { bindPhoneBody } from "./security.ts";
import { fieldErrors, type z } from "./validation.ts";

const errorsOf = (r: { success: true } | { success: false; error: z.ZodError }) =>
  r.success ? {} : fieldErrors(r.error);

// Spec: fields must be non-empty after trimming; spaces typed around a value are not part of it.
describe("typed spaces around a phone, an e-mail or a code", () => {
  const typed = [" 90935644", " 90935644 ", "90935644 ", "  90935644", "9093 5644", " 9093 5644 "];

  it("are ignored by the phone of every form (national digits, no spaces)", () => {
    for (const phone of typed) {
      expect(phoneField.parse(phone)).toBe("90935644");
      expect(addressBody.parse({ type: "phone", area_code: " 65 ", phone })).toEqual({
        type: "phone",
        area_code: "65",
        phone: "90935644",
      });
      expect(bindPhoneBody.parse({ area_code: "+65", phone, code: " 123456 " })).toMatchObject({
        area_code: "65",
        phone: "90935644",
        code: "123456",
      });
    }
  });

  it("are ignored by /captcha when area_code is sent (what the forms send): the national number", () => {
    for (const phone of typed) {
      expect(captchaQuery.parse({ phone, area_code: "65", type: "bind" })).toEqual({
        phone: "90935644",
        area_code: "65",
        type: "bind",
      });
    }
  });

  it("still read a lost `+` in a /captcha without area_code (the spec's clients, an unencoded URL)", () => {
    expect(captchaQuery.parse({ phone: " 6590935644", key_str: " 6590935644" }).phone).toBe("+6590935644");
    expect(captchaQuery.parse({ phone: "+65 9093 5644" }).phone).toBe("+6590935644");
    expect(captchaQuery.parse({ phone: "90935644 " }).phone).toBe("90935644");
  });

  it("leave a phone of spaces only refused as required, and a wrong one as invalid", () => {
    for (const phone of ["", " ", "   "]) {
      expect(errorsOf(phoneField.safeParse(phone))).toEqual({ "": ["validation.required"] });
      expect(errorsOf(captchaQuery.safeParse({ phone, area_code: "65" }))).toEqual({
        phone: ["validation.required"],
      });
      expect(errorsOf(captchaQuery.safeParse({ phone }))).toEqual({ phone: ["validation.required"] });
      expect(errorsOf(bindPhoneBody.safeParse({ area_code: "65", phone, code: "123456" }))).toEqual({
        phone: ["validation.required"],
      });
    }
    expect(errorsOf(captchaQuery.safeParse({}))).toEqual({ phone: ["validation.required"] });
    expect(errorsOf(captchaQuery.safeParse({ phone: " 12a", area_code: "65" }))).toEqual({
      phone: ["identity.phone_invalid"],
    });
  });

  it("are ignored by the area code, the e-mail, the code and the sign-in account", () => {
    expect(areaCodeField.parse(" +65 ")).toBe("65");
    expect(emailField.parse("  Ann@Example.com ")).toBe("ann@example.com");
    expect(codeField.parse(" 123456 ")).toBe("123456");
    expect(loginBody.parse({ account: " 90935644 ", area_code: " 65", password: "x" })).toMatchObject({
      account: "90935644",
      area_code: "65",
    });
    expect(errorsOf(emailField.safeParse("   "))).toEqual({ "": ["validation.required"] });
  });
});
