import { extractCockpitId } from './cockpit';

describe('extractCockpitId', () => {
  it.each([
    ['a bare hex id', '5f3a9c2b7d1e4f6a8b0c1d2e', '5f3a9c2b7d1e4f6a8b0c1d2e'],
    ['a bare id with letters, digits, _ and -', 'C-1234_ab', 'C-1234_ab'],
    ['a bare id with surrounding whitespace', '  C1234\n', 'C1234'],
    ['an id of exactly 100 characters', 'a'.repeat(100), 'a'.repeat(100)],
  ])('keeps %s', (_, pasted, expected) => expect(extractCockpitId(pasted)).toBe(expected));

  it.each([
    ['an objectId query parameter', 'https://cockpit.example/view?objectId=C1234&tab=2', 'C1234'],
    ['an objectId parameter after another', 'https://cockpit.example/view?tab=2&objectId=abc-9', 'abc-9'],
    ['an objectId in any case', 'https://cockpit.example/view?OBJECTID=abc', 'abc'],
    ['an objectId in a fragment', 'https://cockpit.example/#/view;objectId=X_1', 'X_1'],
    ['an objectId in free text', 'see objectId=4711 for details', '4711'],
    ['an objects path', 'https://cockpit.example/objects/5f3a9c2b7d1e/details', '5f3a9c2b7d1e'],
    ['an objects path at the end', 'https://cockpit.example/api/objects/C-77', 'C-77'],
    ['an objects path before a query', 'https://cockpit.example/objects/C77?x=1', 'C77'],
    ['both forms, preferring objectId', 'https://cockpit.example/objects/A1?objectId=B2', 'B2'],
    ['two objectIds, taking the first', 'objectId=first&objectId=second', 'first'],
  ])('extracts the id from %s', (_, pasted, expected) => expect(extractCockpitId(pasted)).toBe(expected));

  it.each([
    ['an empty text', ''],
    ['whitespace', '   '],
    ['text with spaces and no marker', 'my cockpit object'],
    ['a URL without a marker', 'https://cockpit.example/view?id=C1234'],
    ['an empty objectId', 'https://cockpit.example/view?objectId=&x=1'],
    ['an empty objects path', 'https://cockpit.example/objects/'],
    ['a parameter that only ends in objectId', 'https://cockpit.example/view?parentobjectId=C1'],
    ['a bare id of 101 characters', 'a'.repeat(101)],
    ['an objectId of 101 characters', `objectId=${'a'.repeat(101)}`],
    ['characters outside the id set', 'C12#34'],
  ])('empties the field for %s', (_, pasted) => expect(extractCockpitId(pasted)).toBe(''));
});
