import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigation } from "react-router";
import { subscribe } from "../../../components/market/live.ts";

/**
 * The signed-in user's private events (a limit order filled, a TP/SL or a liquidation closed a
 * position, an order placed from another device): the page's socket is signed in by the session
 * cookie when it opens (server.ts), so no token ever reaches page script. Each burst of events
 * reloads this screen's data (positions, orders, balances) with a fetcher — only this route's
 * loader, so the page's toast and the rest of the shell stay as they are. Returns the freshest
 * data: the fetcher's until a navigation brings newer.
 */
export function useAccountRefresh<T>(enabled: boolean, loaderData: T): T {
  const fetcher = useFetcher();
  const location = useLocation();
  const navigation = useNavigation();
  const href = location.pathname + location.search;
  const [fresh, setFresh] = useState<{ base: T; data: T }>();
  const [pending, setPending] = useState(0);
  // A new answer of the fetcher is news for the data the page has now; newer loader data wins.
  const current = useRef(loaderData);
  current.current = loaderData;
  // The answer is kept here and the fetcher emptied: React Router would otherwise reload a fetcher
  // holding data after every later post, a second request for what the post's reload brings.
  const reset = useRef(fetcher.reset);
  reset.current = fetcher.reset;
  useEffect(() => {
    // A load cut short (reset while on its way, a redirect) leaves no data: nothing new then.
    if (fetcher.state !== "idle" || fetcher.data == null) return;
    setFresh({ base: current.current, data: fetcher.data as T });
    reset.current();
  }, [fetcher.data, fetcher.state]);
  useEffect(() => {
    if (!enabled) return;
    return subscribe({ channel: "account", code: "me" }, () => setPending((n) => n + 1));
  }, [enabled]);
  // Events caused by this page's own post arrive while it is on its way: the redirect reloads
  // everything anyway. So: wait until the page is idle, then load once for the whole burst.
  const load = useRef(() => fetcher.load(href));
  load.current = () => fetcher.load(href);
  const idle = navigation.state === "idle";
  const loading = fetcher.state !== "idle";
  // A post starts while a load is on its way: drop the load (same reason), the post reloads all.
  useEffect(() => {
    if (!idle && loading) reset.current();
  }, [idle, loading]);
  useEffect(() => {
    if (pending === 0 || !idle) return;
    const timer = setTimeout(() => {
      setPending(0);
      void load.current();
    }, 400);
    return () => clearTimeout(timer);
  }, [pending, idle]);
  return fresh && fresh.base === loaderData ? fresh.data : loaderData;
}

/**
 * The current time, ticking every second once the page runs; it starts from the server's
 * render time so the first client render matches the server's HTML.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
