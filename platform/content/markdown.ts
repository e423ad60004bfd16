import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Post bodies are Markdown (or HTML) written by operators; what reaches a browser is always this
 * sanitized HTML: no scripts, no event handlers, no styles, only http(s)/mailto/tel and relative
 * links, images only from https.
 */
export function renderPostBody(body: string): string {
  const html = marked.parse(body, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "br",
      "hr",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "b",
      "i",
      "code",
      "pre",
      "blockquote",
      "a",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "img",
    ],
    allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "width", "height"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https"] },
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
      h1: "h2",
    },
    // Images only from https addresses: a relative one would make every reader's browser send a
    // request to this site on the author's behalf.
    exclusiveFilter: (frame) => frame.tag === "img" && !/^https:\/\//i.test(frame.attribs.src ?? ""),
  });
}
