import type { Lang } from "../languages.ts";
import en from "./en.ts";
import es from "./es.ts";
import id from "./id.ts";
import ja from "./ja.ts";
import kr from "./kr.ts";
import pt from "./pt.ts";
import ru from "./ru.ts";
import tw from "./tw.ts";
import vn from "./vn.ts";
import zh from "./zh.ts";

/** Same keys as English in every language: the type makes a missing key a compile error. */
export type Messages = DeepStrings<typeof en>;
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const messages: Record<Lang, Messages> = { en, zh, tw, ja, es, ru, kr, vn, id, pt };
