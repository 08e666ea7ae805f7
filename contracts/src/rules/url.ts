/**
 * Whether `s` is an absolute http or https URL with a host, the check behind the non-blocking
 * 'invalid url' warning of §5. Surrounding whitespace is ignored (texts are trimmed before sending);
 * whitespace inside the URL is not accepted.
 */
export function isValidUrl(s: string | null | undefined): boolean {
  if (typeof s !== 'string') return false;
  const text = s.trim();
  // The WHATWG parser would accept 'http:host' and percent-encode inner spaces; a typed link should not.
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
