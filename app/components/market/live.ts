import { startTransition, useEffect, useMemo, useRef, useState } from "react";

/**
 * One websocket per page, shared by every live island: subscriptions are counted, so a channel
 * many components watch is subscribed once. The socket pings every 5 s (spec §7), closes on
 * error, reconnects with backoff, sleeps while the tab is hidden, and there is never more than
 * one of it.
 */
type Listener = (data: unknown) => void;
type Sub = { frame: Record<string, string>; listeners: Set<Listener> };

const subs = new Map<string, Sub>();
let socket: WebSocket | undefined;
let ping: ReturnType<typeof setInterval> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let sleep: ReturnType<typeof setTimeout> | undefined;
let attempts = 0;

/** A subscription's key, as the hub's topic names it (a K-line's interval, a contract's type). */
const keyOf = (frame: Record<string, string>) =>
  [frame.channel, frame.code, frame.interval, frame.contract_type].filter(Boolean).join(":");

function send(message: Record<string, string>) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * Frames arrive one socket message (one task) at a time: a second's ticker, book and candle, and
 * a market list's prices, would each render the screen on their own, a long task apiece on a slow
 * phone. They are handed on together, in order, once per frame: one render for all of them.
 */
const pending: Record<string, unknown>[] = [];
let frame: number | undefined;
let fallback: ReturnType<typeof setTimeout> | undefined;

function deliverSoon(message: Record<string, unknown>) {
  pending.push(message);
  if (frame !== undefined || fallback !== undefined) return;
  frame = requestAnimationFrame(deliver);
  // No frames are drawn while the tab is hidden: the timer hands them on then.
  fallback = setTimeout(deliver, 250);
}

function deliver() {
  if (frame !== undefined) cancelAnimationFrame(frame);
  if (fallback !== undefined) clearTimeout(fallback);
  frame = undefined;
  fallback = undefined;
  const messages = pending.splice(0);
  // Prices are not what the customer is typing: their render yields to input (a transition is
  // rendered in slices), so a busy market never makes a tap or a keystroke wait.
  startTransition(() => {
    for (const message of messages) {
      const sub = subs.get(keyOf(message as Record<string, string>));
      if (sub) for (const listener of sub.listeners) listener(message.data);
    }
  });
}

function connect() {
  if (socket || subs.size === 0 || document.hidden) return;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    for (const sub of subs.values()) send({ op: "subscribe", ...sub.frame });
    ping = setInterval(() => send({ op: "ping" }), 5000);
  };
  ws.onmessage = (event) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (!("data" in message) || typeof message.channel !== "string") return;
    deliverSoon(message);
  };
  // A socket error closes the socket (spec §8); closing schedules the reconnect.
  ws.onerror = () => ws.close();
  ws.onclose = () => {
    if (ping) clearInterval(ping);
    ping = undefined;
    if (socket === ws) socket = undefined;
    if (subs.size > 0 && !document.hidden && !retry) {
      const wait = Math.min(30_000, 1000 * 2 ** attempts++) * (0.5 + Math.random() / 2);
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, wait);
    }
  };
}

function disconnect() {
  if (retry) clearTimeout(retry);
  retry = undefined;
  const ws = socket;
  socket = undefined;
  ws?.close();
}

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      // A tab in the background does not need prices; give it a moment in case it comes back.
      sleep = setTimeout(disconnect, 10_000);
    } else {
      if (sleep) clearTimeout(sleep);
      attempts = 0;
      connect();
    }
  });
}

export function subscribe(frame: Record<string, string>, listener: Listener): () => void {
  const key = keyOf(frame);
  let sub = subs.get(key);
  if (!sub) {
    sub = { frame, listeners: new Set() };
    subs.set(key, sub);
    send({ op: "subscribe", ...frame });
  }
  sub.listeners.add(listener);
  connect();
  return () => {
    const current = subs.get(key);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      subs.delete(key);
      send({ op: "unsubscribe", ...frame });
      if (subs.size === 0) disconnect();
    }
  };
}

/**
 * Calls `apply` when the server's snapshot changes (the loader ran again with other content), but
 * not for the snapshot the state started from: re-applying that one as the page hydrates gave
 * every live island a new object and re-rendered the whole screen, a long task on a slow phone.
 */
function useSnapshot(snapshot: string | undefined, apply: () => void) {
  const applied = useRef(snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `apply` is new each render; the snapshot decides
  useEffect(() => {
    if (snapshot === applied.current) return;
    applied.current = snapshot;
    apply();
  }, [snapshot]);
}

/**
 * The live value of a channel, starting from the server's snapshot (`initial`), so the page is
 * right before the socket opens and stays right without JavaScript.
 */
export function useChannel<T>(
  channel: string,
  code: string | undefined,
  initial: T,
  extra?: Record<string, string>,
): T {
  const [value, setValue] = useState<T>(initial);
  const extraKey = extra ? JSON.stringify(extra) : "";
  // A new snapshot (the loader ran again) replaces the live value; the same one, re-created by a
  // render, must not — so snapshots are compared by content, not identity.
  // (Written out only when a render hands in another object: a book is large, renders frequent.)
  const snapshot = useMemo(() => (initial === undefined ? undefined : JSON.stringify(initial)), [initial]);
  useSnapshot(snapshot, () => setValue((snapshot === undefined ? undefined : JSON.parse(snapshot)) as T));
  useEffect(() => {
    if (!code) return;
    return subscribe({ channel, code, ...(extraKey ? JSON.parse(extraKey) : {}) }, (data) =>
      setValue(data as T),
    );
  }, [channel, code, extraKey]);
  return value;
}

/** Live values of one channel for many codes (a market list). */
export function useChannels<T>(
  channel: string,
  codes: string[],
  initial: Record<string, T>,
): Record<string, T> {
  const [values, setValues] = useState(initial);
  const joined = codes.join(",");
  const snapshot = useMemo(() => JSON.stringify(initial), [initial]);
  useSnapshot(snapshot, () => setValues(JSON.parse(snapshot) as Record<string, T>));
  useEffect(() => {
    const offs = joined
      .split(",")
      .filter(Boolean)
      .map((code) => subscribe({ channel, code }, (data) => setValues((v) => ({ ...v, [code]: data as T }))));
    return () => {
      for (const off of offs) off();
    };
  }, [channel, joined]);
  return values;
}
