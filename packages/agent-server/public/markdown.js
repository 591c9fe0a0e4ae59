// Markdown of the model's answers, rendered safely: `marked` (GitHub-flavoured, a newline is a
// line break, as the model wrote it) makes HTML, and DOMPurify keeps only the elements and
// attributes that markdown makes. Both are served by the same server (`/vendor/…`), never
// fetched from the internet. The model's own HTML never runs: raw HTML in its text is shown
// as text, and an image is shown as a link to it (the page loads nothing from elsewhere).

import { Marked } from "./vendor/marked.js";
import DOMPurify from "./vendor/purify.js";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    /** Raw HTML (a block or an inline tag) as the text it is. */
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text)}</p>` : escapeHtml(text);
    },
    /** An image as a link to it, so that showing an answer fetches nothing. */
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(`image: ${text || href}`)}</a>`;
    },
    /** A task list's box as a character: no form controls in an answer. */
    checkbox({ checked }) {
      return checked ? "☑ " : "☐ ";
    },
  },
});

/** Only what markdown makes; no classes or data attributes (the page's own look and hooks). */
const ALLOWED = {
  ALLOWED_TAGS: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  ALLOWED_ATTR: ["href", "title", "align", "start"],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

/** Links open web and mail addresses only, in a new tab that cannot reach back to this page. */
const LINK_SCHEMES = /^(?:https?:|mailto:)/i;
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName !== "A") return;
  const href = node.getAttribute("href") ?? "";
  if (!LINK_SCHEMES.test(href)) {
    node.removeAttribute("href");
    return;
  }
  node.setAttribute("target", "_blank");
  node.setAttribute("rel", "noopener noreferrer");
});

/**
 * `text` (the whole answer so far: call again as it grows) as safe elements. Text that is not
 * finished yet renders as far as it goes (an open code block shows as a code block); nothing
 * the model wrote becomes a script, an event handler, a form or a style.
 */
export function renderMarkdown(text) {
  return DOMPurify.sanitize(marked.parse(text).trim(), ALLOWED);
}
