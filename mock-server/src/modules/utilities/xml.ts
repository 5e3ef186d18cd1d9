// XML to JSON with fast-xml-parser, closed to the XML attacks: a document with a DOCTYPE is refused before it is
// parsed (no internal entities to expand — billion laughs — and no external ones to fetch), entities are never
// expanded, and the size (the body schema, 64 KiB) and the nesting depth (64, checked before the parser's own
// recursion) are bounded, so one call's work stays small.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { invalid } from '../../http/errors';

/** Elements nested deeper than this are refused (a real document of ours nests a dozen). */
const XML_MAX_DEPTH = 64;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay text: '00123' is an account number, not 123.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
});

/** The deepest nesting of elements, in one pass over the tags (comments and CDATA left out: they hold text). */
function depthOf(xml: string): number {
  const tags = /<(\/?)[A-Za-z_][^\s/>]*(?:[^>]*?)(\/?)>/g;
  const text = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  let depth = 0;
  let deepest = 0;
  for (const [, closing, selfClosing] of text.matchAll(tags)) {
    if (closing) depth -= 1;
    else if (!selfClosing) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/** The document as JSON: elements as keys, attributes as '@_name', text beside attributes as '#text'. */
export function xmlToJson(xml: string): unknown {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw invalid('xml', 'a DOCTYPE or ENTITY declaration is refused: entities are never expanded or fetched');
  }
  if (depthOf(xml) > XML_MAX_DEPTH) throw invalid('xml', `nests elements deeper than ${XML_MAX_DEPTH}`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw invalid('xml', `is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  }
  try {
    return parser.parse(xml);
  } catch (error) {
    throw invalid('xml', `cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
