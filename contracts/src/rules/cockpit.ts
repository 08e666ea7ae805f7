/** A cockpit object identifier: 1–100 letters, digits, '_' or '-' (the cockpitid limit of §5). */
export const cockpitIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

// The id is the whole run of id characters after the marker; a run longer than 100 is no id.
const objectIdParameter = /(?:^|[^A-Za-z0-9_])objectId=([A-Za-z0-9_-]+)/i;
const objectsPath = /\/objects\/([A-Za-z0-9_-]+)/;

/**
 * §5 "pasting a cockpit id extracts the object identifier from the pasted text, or empties the field".
 * After trimming, the text is either a bare id, or contains `objectId=<id>` (a query parameter, any case
 * of the name) or else `/objects/<id>` (a path); the first such id is returned. Anything else gives ''.
 */
export function extractCockpitId(pasted: string): string {
  const text = typeof pasted === 'string' ? pasted.trim() : '';
  if (cockpitIdPattern.test(text)) return text;
  for (const pattern of [objectIdParameter, objectsPath]) {
    const id = pattern.exec(text)?.[1];
    if (id !== undefined) return cockpitIdPattern.test(id) ? id : '';
  }
  return '';
}
