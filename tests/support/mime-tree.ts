/**
 * A mail's MIME structure as postal-mime parsed it: which part sits inside which multipart, each
 * with its type, parameters and disposition, and each leaf's bytes as sent (transfer encoding
 * undone, line ends untouched). postal-mime's Email lists calendar parts flat, with their line
 * ends rewritten; the iMIP checks need to know that the text/calendar part is an alternative of
 * the text and HTML, and the file's exact bytes.
 */
import type PostalMime from 'postal-mime';

export interface MimePart {
  type: string;
  params: Record<string, string>;
  disposition: string;
  dispositionParams: Record<string, string>;
  /** decoded content of a leaf; null for a multipart */
  content: Buffer | null;
  parts: MimePart[];
}

/** The fields of postal-mime's (internal) MimeNode that this reads. */
interface ParsedNode {
  contentType: { parsed: { value: string; params: Record<string, string> }; multipart: string | false };
  contentDisposition: { parsed: { value: string; params: Record<string, string> } };
  content: ArrayBuffer | null;
  childNodes: ParsedNode[];
}

function toPart(node: ParsedNode): MimePart {
  return {
    type: node.contentType.parsed.value,
    params: { ...node.contentType.parsed.params },
    disposition: node.contentDisposition.parsed.value || '',
    dispositionParams: { ...node.contentDisposition.parsed.params },
    content: node.contentType.multipart || !node.content ? null : Buffer.from(node.content),
    parts: node.childNodes.map(toPart),
  };
}

/** The tree of a PostalMime instance after its parse() (its root node is internal, untyped). */
export function mimeTreeOf(parser: PostalMime): MimePart {
  const root = (parser as unknown as { root?: ParsedNode }).root;
  if (!root?.contentType) throw new Error("postal-mime no longer keeps its parsed tree at .root: update tests/support/mime-tree.ts");
  return toPart(root);
}
