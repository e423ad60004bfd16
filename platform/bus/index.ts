export type { Bus } from "./bus.ts";
export { createMemoryBus } from "./memory.ts";
