import { isValidUrl } from './url';

describe('isValidUrl', () => {
  it.each([
    'https://x.y/path?q',
    'http://example.com',
    'https://example.com/docs/page#section',
    'HTTPS://EXAMPLE.COM',
    'http://jira',
    'http://localhost:8080/browse/ABC-1',
    'https://user:secret@example.com/',
    'https://[::1]/',
    'http://192.168.0.1/wiki',
    '  https://example.com  ',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each([
    ['a host without a scheme', 'example.com'],
    ['a path without a host', '/docs/page'],
    ['an ftp URL', 'ftp://x'],
    ['a mailto link', 'mailto:someone@example.com'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a scheme without slashes', 'http:example.com'],
    ['a scheme without a host', 'https://'],
    ['a file URL', 'file:///etc/hosts'],
    ['an invalid port', 'http://example.com:99999'],
    ['a space in the host', 'https://exa mple.com'],
    ['a space in the path', 'https://example.com/a b'],
    ['an empty string', ''],
    ['only whitespace', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s', (_, url) => expect(isValidUrl(url)).toBe(false));
});
