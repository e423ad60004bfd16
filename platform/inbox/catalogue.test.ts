import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../contract/languages.ts";
import { messages } from "../contract/messages/index.ts";
import { INBOX_PARAMS } from "./params.ts";
import { INBOX_TYPES } from "./service.ts";

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();

describe("the message centre's texts", () => {
  it.each(LANGUAGES)("%s words every kind of message, with exactly its parameters", (lang) => {
    const inbox = messages[lang].inbox as Record<string, { title: string; body: string }>;
    for (const type of INBOX_TYPES) {
      const text = inbox[type];
      expect(text?.title.trim(), `${lang} ${type}.title`).toBeTruthy();
      expect(text?.body.trim(), `${lang} ${type}.body`).toBeTruthy();
      const used = placeholders(`${text?.title} ${text?.body}`);
      expect(used, `${lang} ${type}`).toEqual([...INBOX_PARAMS[type]].sort());
    }
    expect(inbox.unknown?.title).toBeTruthy();
  });

  it("is translated, not English copied", () => {
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      for (const type of INBOX_TYPES) {
        expect(messages[lang].inbox[type].body, `${lang} ${type}`).not.toBe(messages.en.inbox[type].body);
      }
    }
  });
});
