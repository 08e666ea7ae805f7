import { describe, expect, it } from '@jest/globals';
import { loadFailureText } from './loadFailure';

const texts = { notFound: 'not there', notPermitted: 'not yours' };

describe('loadFailureText', () => {
  it('names a missing record and a forbidden one in the dialog’s own words', () => {
    expect(loadFailureText({ status: 404 }, texts)).toBe('not there');
    expect(loadFailureText({ status: 403 }, texts)).toBe('not yours');
  });

  it('says any other failure as the server or the network did', () => {
    expect(loadFailureText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, texts)).toBe(
      'TypeError: Failed to fetch',
    );
  });
});
