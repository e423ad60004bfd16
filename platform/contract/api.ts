import type { ApiFiles, ApiGets, ApiPosts } from "./api-types.ts";

export type { ApiFiles, ApiGets, ApiPosts };

type ApiMaps = { GET: ApiGets; POST: ApiPosts };

/** The paths the platform answers with `method` (from its own route definitions). */
export type ApiPath<M extends "GET" | "POST"> = keyof ApiMaps[M];

/** One operation's types: `query`, `body` (what a call sends) and `response` (the envelope's data). */
export type ApiRoute<M extends "GET" | "POST", P extends ApiPath<M>> = Extract<
  ApiMaps[M][P],
  { query: unknown; body: unknown; response: unknown }
>;

/** `data` of a successful call, e.g. `ApiData<"GET", "/account/index">`. */
export type ApiData<M extends "GET" | "POST", P extends ApiPath<M>> = ApiRoute<M, P>["response"];

/** What a call sends as its body, e.g. `ApiBody<"/wallet/withdraw">`. */
export type ApiBody<P extends ApiPath<"POST">> = ApiRoute<"POST", P>["body"];

/** An argument the route has not: none; one whose fields are all optional: may be left out. */
type Arg<T> = [T] extends [undefined] ? [] : Record<string, never> extends T ? [T?] : [T];

/** The arguments after the path of a GET: its query, when it has one. */
export type QueryArgs<R extends { query: unknown }> = Arg<R["query"]>;

/** The arguments after the path of a POST: its body (JSON, or a form with files), then its query. */
export type PostArgs<R extends { query: unknown; body: unknown }> = [R["body"]] extends [undefined]
  ? [body?: undefined, ...query: Arg<R["query"]>]
  : Record<string, never> extends R["body"]
    ? [body?: R["body"] | FormData, ...query: Arg<R["query"]>]
    : [body: R["body"] | FormData, ...query: Arg<R["query"]>];

/** A GET answered with a file or with an envelope, read as the platform's response itself. */
export type RawPath = ApiPath<"GET"> | keyof ApiFiles;
export type RawArgs<P extends RawPath> = QueryArgs<
  P extends keyof ApiFiles ? ApiFiles[P] : ApiRoute<"GET", P & ApiPath<"GET">>
>;
