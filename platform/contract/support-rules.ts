/** The support chat's limits, without zod: the browser's form reads them on every page load. */
export const SUPPORT_MESSAGE_MAX = 2000;

/** The console's queues: waiting (nobody has it), mine, open, closed, all. */
export const SUPPORT_QUEUES = ["waiting", "mine", "open", "closed", "all"] as const;
export type SupportQueue = (typeof SUPPORT_QUEUES)[number];
