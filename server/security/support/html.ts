// Reading the server-filled pages the way a browser would, without a DOM: the text of <title>,
// the content of a meta tag, and how many elements of a kind the page holds.

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&amp;': '&',
};

/** Text as the browser shows it once the character references are read. */
export const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#39|#x27|amp);/g, (entity) => ENTITIES[entity]);

export function titleOf(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? decode(match[1]) : undefined;
}

/** The content of `<meta name|property="key" content="…">`: attribute values cannot hold a raw quote. */
export function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match ? decode(match[1]) : undefined;
}

/**
 * How many `<tag` openings the page has (an injected element would add one). Data blocks
 * (`<script type="application/ld+json">`, the page's data for hydration) are not run, and are not
 * counted as scripts: what they hold is checked for escaping where they are made.
 */
export const countTags = (html: string, tag: string) =>
  html
    .toLowerCase()
    .replace(/<script type="application\/(ld\+)?json"/g, '<data-block')
    .split(`<${tag}`).length - 1;
