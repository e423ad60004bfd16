import { pino } from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; secrets named below never reach a log line. */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "*.token",
        "*.authorization",
        "req.headers.authorization",
        "req.headers.cookie",
      ],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  });
}
