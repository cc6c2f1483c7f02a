const TEXT_LINK = /https?:\/\/[^\s<>"']+/g;
const HREF = /href\s*=\s*("([^"]*)"|'([^']*)')/gi;
// Sentence punctuation that follows a link in prose is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** The http(s) links of a mail, in order of first appearance, from its text and its hrefs. */
export function extractLinks(text: string, html: string): string[] {
  const found = [
    ...Array.from(text.matchAll(TEXT_LINK), (match) => match[0].replace(TRAILING_PUNCTUATION, '')),
    ...Array.from(html.matchAll(HREF), (match) => decodeEntities(match[2] ?? match[3] ?? '').trim()),
  ];
  return [...new Set(found.filter((link) => /^https?:\/\//i.test(link)))];
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
