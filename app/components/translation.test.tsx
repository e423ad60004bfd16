import i18next, { type BackendModule } from "i18next";
import { Suspense } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "./translation.ts";

function Words({ ns, id }: { ns?: string; id: string }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <p>
      {i18n.language}:{t(id)}
    </p>
  );
}

const seen: unknown[] = [];
function SameT() {
  seen.push(useTranslation("trade").t);
  return null;
}

async function instance(lng: string, backend?: BackendModule) {
  const i18n = i18next.createInstance();
  if (backend) i18n.use(backend);
  await i18n.init({
    lng,
    ns: ["common", "trade"],
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    ...(backend
      ? {}
      : {
          resources: {
            en: { common: { hello: "Hello" }, trade: { buy: "Buy" } },
            ru: { common: { hello: "Привет" }, trade: { buy: "Купить" } },
          },
        }),
  });
  return i18n;
}

describe("the screens' useTranslation", () => {
  it("gives each component its namespace's words in the instance's language", async () => {
    for (const [lng, words] of [
      ["en", "<p>en:Hello</p><p>en:Buy</p><p>en:Hello</p>"],
      ["ru", "<p>ru:Привет</p><p>ru:Купить</p><p>ru:Привет</p>"],
    ]) {
      const i18n = await instance(lng as string);
      const html = renderToString(
        <I18nextProvider i18n={i18n}>
          <Words id="hello" />
          <Words ns="trade" id="buy" />
          {/* Another namespace's key, named in full. */}
          <Words ns="trade" id="common:hello" />
        </I18nextProvider>,
      );
      expect(html.replaceAll("<!-- -->", "")).toBe(words);
    }
  });

  it("shares one translation function per language and namespace", async () => {
    const i18n = await instance("en");
    seen.length = 0;
    renderToString(
      <I18nextProvider i18n={i18n}>
        <SameT />
        <SameT />
      </I18nextProvider>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });

  it("waits for a namespace the page did not bring, then shows its words", async () => {
    const asked: string[] = [];
    const backend: BackendModule = {
      type: "backend",
      init() {},
      read(lng, ns, done) {
        asked.push(`${lng}/${ns}`);
        const words: Record<string, Record<string, string>> = {
          common: { hello: "Hello" },
          trade: { buy: "Buy" },
          earn: { stake: "Stake" },
        };
        setTimeout(() => done(null, words[ns] ?? {}), 5);
      },
    };
    const i18n = await instance("en", backend);
    expect(i18n.hasLoadedNamespace("earn")).toBe(false);
    const stream = await renderToReadableStream(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Words ns="earn" id="stake" />
        </Suspense>
      </I18nextProvider>,
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toContain("Stake");
    expect(asked).toContain("en/earn");
  });
});

describe("the server's kept phrases", () => {
  function tOf(i18n: Awaited<ReturnType<typeof instance>>, ns?: string) {
    let t: ReturnType<typeof useTranslation>["t"] | undefined;
    function Take() {
      t = useTranslation(ns).t;
      return null;
    }
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Take />
      </I18nextProvider>,
    );
    return t as NonNullable<typeof t>;
  }

  it("answer as i18next does, asked once or many times, with options or without", async () => {
    const i18n = await instance("en");
    i18n.addResourceBundle("en", "trade", {
      fill: "Filled {{quantity}} at {{price}}",
      orders_one: "{{count}} order",
      orders_other: "{{count}} orders",
      list: ["a", "b"],
    });
    const t = tOf(i18n, "trade");
    const fixed = i18n.getFixedT("en", "trade");
    const asks: [string, unknown?][] = [
      ["buy"],
      ["fill", { quantity: "0.5", price: "60,000" }],
      ["fill", { quantity: "0.6", price: "60,000" }],
      ["orders", { count: 1 }],
      ["orders", { count: 2 }],
      ["missing", "A default"],
      ["common:hello"],
      ["list", { returnObjects: true }],
    ];
    for (let round = 0; round < 3; round++)
      for (const [key, options] of asks)
        expect((t as unknown as (...a: unknown[]) => unknown)(key, options)).toEqual(
          (fixed as unknown as (...a: unknown[]) => unknown)(key, options),
        );
  });

  it("keep two instances' words apart, and forget a phrase whose words changed", async () => {
    const first = await instance("en");
    const second = await instance("en");
    second.addResourceBundle("en", "trade", { buy: "Purchase" }, true, true);
    expect(tOf(first, "trade")("buy")).toBe("Buy");
    expect(tOf(second, "trade")("buy")).toBe("Purchase");
    const t = tOf(first, "trade");
    expect(t("buy")).toBe("Buy");
    first.addResourceBundle("en", "trade", { buy: "Buy now" }, true, true);
    expect(t("buy")).toBe("Buy now");
  });
});
