import { type IncomingOrder, OrderBook } from "../platform/trading/engine/book.ts";

const CANCEL: IncomingOrder = { id: 0, owner: 0, side: "buy", price: 0, quantity: 0, tif: "GTC" };

export type EngineFigure = {
  commands: number;
  ordersPerSecond: number;
  /** The same per second of this process's CPU time: steadier on a machine busy with other work. */
  ordersPerCpuSecond: number;
  fills: number;
  cancels: number;
  restingAtEnd: number;
  p99Micros: number;
};

/**
 * The matching engine alone, in memory: one book fed a pre-generated flow like exchange-core's
 * benchmark (a drifting mid price; 60 % GTC limits around it, some crossing, 10 % IOC, 5 %
 * market, 25 % cancels of resting orders), timed over all commands. Latency per command is
 * sampled (every 64th) so timing does not dominate what it measures.
 */
export function engineThroughput(commands = 2_000_000, seed = 42): EngineFigure {
  let state = seed >>> 0;
  const random = () => {
    // xorshift32: the same flow every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  // Cancels are kept apart from orders so that every order object has the same shape (as
  // orders decoded from one request schema have).
  const flow: IncomingOrder[] = [];
  const cancelOf: number[] = [];
  const live: number[] = [];
  let mid = 100_000;
  let id = 0;
  for (let i = 0; i < commands; i++) {
    if (i % 1000 === 0) mid += Math.round((random() - 0.5) * 20);
    const r = random();
    if (r < 0.25 && live.length > 0) {
      const at = Math.floor(random() * live.length);
      cancelOf[flow.length] = live[at] as number;
      flow.push(CANCEL);
      live[at] = live[live.length - 1] as number;
      live.pop();
      continue;
    }
    const side = random() < 0.5 ? "buy" : "sell";
    const owner = 1 + Math.floor(random() * 1000);
    const quantity = 1 + Math.floor(random() * 100);
    if (r < 0.3) {
      flow.push({ id: ++id, owner, side, price: undefined, quantity, tif: "IOC" });
      continue;
    }
    // Limits mostly behind the mid (they rest), some through it (they take).
    const offset = Math.floor(random() * 50) - 8;
    const price = side === "buy" ? mid - offset : mid + offset;
    const tif = r < 0.4 ? "IOC" : "GTC";
    flow.push({ id: ++id, owner, side, price, quantity, tif });
    if (tif === "GTC") live.push(id);
  }

  const book = new OrderBook();
  let fills = 0;
  let cancels = 0;
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < flow.length; i++) {
    const command = flow[i] as IncomingOrder;
    const sample = (i & 63) === 0;
    const at = sample ? performance.now() : 0;
    if (command === CANCEL) {
      if (book.cancel(cancelOf[i] as number)) cancels++;
    } else {
      fills += book.submit(command).fills.length;
    }
    if (sample) samples.push(performance.now() - at);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  samples.sort((a, b) => a - b);
  return {
    commands: flow.length,
    ordersPerSecond: Math.round(flow.length / seconds),
    ordersPerCpuSecond: Math.round(flow.length / cpuSeconds),
    fills,
    cancels,
    restingAtEnd: book.size,
    p99Micros: Math.round((samples[Math.floor(samples.length * 0.99)] ?? 0) * 1000 * 10) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(engineThroughput());
}
