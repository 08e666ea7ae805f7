import { AnswerCache } from './answer-cache';

describe('AnswerCache', () => {
  it('keeps answers by key, and forgets the least recently used once their text passes the room', () => {
    const cache = new AnswerCache(64);
    cache.set('a', 'x'.repeat(4));
    cache.set('b', 'y'.repeat(4));
    expect(cache.get('a')).toBe('xxxx');
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q'])
      cache.set(key, 'z'.repeat(4));
    // 17 answers of 4 characters pass 64: 'b' (least recently used) went, 'a' (read since) stayed
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('xxxx');
    expect(cache.size).toBe(16);
  });

  it('does not keep an answer larger than a sixteenth of the room', () => {
    const cache = new AnswerCache(64);
    cache.set('big', 'x'.repeat(5));
    expect(cache.get('big')).toBeUndefined();
  });
});
