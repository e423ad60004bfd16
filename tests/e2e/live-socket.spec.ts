import { expect, test } from "./support.ts";

// The live island's socket (app/components/market/live.ts): one socket per page, a ping every
// 5 s, reconnect with backoff after a drop, and asleep while the tab is hidden.
test.describe("the live socket", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the live island needs JavaScript");

  test("reconnects after the server drops it, and never stacks sockets", async ({ page }) => {
    const opened: number[] = [];
    let open = 0;
    let maxOpen = 0;
    const servers: { close(): Promise<void> }[] = [];
    await page.routeWebSocket("/ws", (ws) => {
      const server = ws.connectToServer();
      opened.push(Date.now());
      open++;
      maxOpen = Math.max(maxOpen, open);
      // Drop the page's side, as a server going away would.
      servers.push({ close: () => ws.close({ code: 1011, reason: "test drop" }) });
      void server;
      ws.onClose(() => {
        open--;
      });
    });
    await page.goto("/");
    await expect.poll(() => opened.length).toBe(1);
    await servers[0]?.close();
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBe(2);
    // It subscribed again: prices flow on the new socket.
    const row = page.getByRole("table", { name: "Markets" }).getByRole("row").nth(1);
    const before = await row.textContent();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).not.toBe(before);
    expect(maxOpen).toBe(1);
  });

  test("pings every 5 s and sleeps while the tab is hidden", async ({ page }) => {
    await page.clock.install();
    const frames: string[] = [];
    let closed = 0;
    let opened = 0;
    await page.routeWebSocket("/ws", (ws) => {
      opened++;
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        frames.push(String(message));
        server.send(message);
      });
      ws.onClose(() => {
        closed++;
      });
    });
    await page.goto("/");
    await expect.poll(() => frames.some((f) => f.includes('"subscribe"'))).toBe(true);
    await page.clock.runFor(11_000);
    expect(frames.filter((f) => f === '{"op":"ping"}').length).toBeGreaterThanOrEqual(2);

    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(11_000);
    await expect.poll(() => closed).toBe(1);

    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => opened).toBe(2);
  });
});
