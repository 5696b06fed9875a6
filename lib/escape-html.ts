// Text into HTML written as a string (the mails, the cross-site refusal page): the five characters
// that could end a text or an attribute value, as entities. Pages rendered by React escape on their
// own; this is for the few answers built outside it.
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
