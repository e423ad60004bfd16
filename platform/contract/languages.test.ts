import { describe, expect, it } from "vitest";
import { LANGUAGE_INFO, LANGUAGES, langFromHeader } from "./languages.ts";

describe("the lang header", () => {
  it("reads the spec's codes and the headers its clients send", () => {
    expect(langFromHeader("zh-CN")).toBe("zh");
    expect(langFromHeader("zh-HT")).toBe("tw");
    expect(langFromHeader("zh-TW")).toBe("tw");
    expect(langFromHeader("kr")).toBe("kr");
    expect(langFromHeader("ko-KR")).toBe("kr");
    expect(langFromHeader("vi")).toBe("vn");
    expect(langFromHeader("pt-BR")).toBe("pt");
    expect(langFromHeader("fr")).toBe("en");
    expect(langFromHeader(undefined)).toBe("en");
  });

  it("maps each language to its header value and round-trips", () => {
    expect(LANGUAGE_INFO.zh.header).toBe("zh-CN");
    expect(LANGUAGE_INFO.tw.header).toBe("zh-HT");
    for (const lang of LANGUAGES) expect(langFromHeader(LANGUAGE_INFO[lang].header)).toBe(lang);
  });
});
