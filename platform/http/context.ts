import type { Context } from "hono";
import type { Bus } from "../bus/bus.ts";
import type { Config } from "../config.ts";
import type { Lang } from "../contract/languages.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Translate } from "./i18n.ts";

/** The signed-in customer behind a bearer token, as the identity domain resolves it. */
export type AuthUser = { id: number; sessionId: string };

/** What the HTTP layer and every domain's routes are given by the composition root. */
export type Deps = {
  config: Config;
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Resolves a bearer token or throws an ApiError (401 / 50008 / 50012 / 50014). */
  authenticate(token: string): Promise<AuthUser>;
};

export type ApiEnv = {
  Variables: {
    requestId: string;
    lang: Lang;
    from: "mobile" | "pc";
    t: Translate;
    deps: Deps;
  };
};

export type ApiContext = Context<ApiEnv>;
