/** Atlassian Document Format: the rich-text document REST v3 takes for descriptions and comments. */
export interface AdfNode {
  readonly type: string;
  readonly text?: string;
  readonly attrs?: Record<string, unknown>;
  readonly marks?: readonly unknown[];
  readonly content?: readonly AdfNode[];
}

export interface AdfDocument {
  readonly type: 'doc';
  readonly version: number;
  readonly content: readonly AdfNode[];
}

/** §7: a plain string becomes a document of one paragraph holding one text node. */
export const toAdf = (text: string, version = 1): AdfDocument => ({
  type: 'doc',
  version,
  // ADF rejects empty text nodes, so an empty string becomes an empty paragraph.
  content: [{ type: 'paragraph', content: text === '' ? [] : [{ type: 'text', text }] }],
});

export const isAdfDocument = (value: unknown): value is AdfDocument =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'doc' &&
  Array.isArray((value as { content?: unknown }).content);

/** The version a stored description carries (1 when it has none, as Jira documents are version 1). */
export const adfVersionOf = (stored: unknown): number => {
  const version = isAdfDocument(stored) ? stored.version : undefined;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : 1;
};

const blockTypes = new Set(['paragraph', 'heading', 'blockquote', 'codeBlock', 'listItem', 'rule']);

/** The text of a document, one line per block: data center (REST v2) stores plain strings. */
export const adfToText = (document: AdfDocument): string => {
  const lines: string[] = [];
  let line = '';
  const walk = (node: AdfNode): void => {
    if (node.type === 'text') line += node.text ?? '';
    else if (node.type === 'hardBreak') line += '\n';
    else if (node.type === 'mention' || node.type === 'emoji')
      line += String(node.attrs?.['text'] ?? node.attrs?.['shortName'] ?? '');
    node.content?.forEach(walk);
    if (blockTypes.has(node.type) && line !== '') {
      lines.push(line);
      line = '';
    }
  };
  document.content.forEach(walk);
  if (line !== '') lines.push(line);
  return lines.join('\n');
};
