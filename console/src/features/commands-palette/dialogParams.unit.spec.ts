import { describe, expect, it } from '@jest/globals';
import { parseRecordDialogParams, withoutRecordDialogParams } from './dialogParams';

const parse = (query: string) => parseRecordDialogParams(new URLSearchParams(query));

describe('parseRecordDialogParams', () => {
  it('reads show-application and show-project by id', () => {
    expect(parse('show-application=3')).toEqual({ kind: 'show-application', id: 3 });
    expect(parse('show-project=12')).toEqual({ kind: 'show-project', id: 12 });
  });

  it('reads new-project with and without an application', () => {
    expect(parse('new-project=4')).toEqual({ kind: 'new-project', application: 4 });
    expect(parse('new-project')).toEqual({ kind: 'new-project', application: null });
    expect(parse('new-project=x')).toEqual({ kind: 'new-project', application: null });
  });

  it('ignores ids that are not positive numbers and unrelated parameters', () => {
    expect(parse('show-application=abc')).toBeNull();
    expect(parse('show-project=0&view=chart')).toBeNull();
  });

  it('removes only its own parameters', () => {
    const params = new URLSearchParams('show-project=1&new-project=&view=chart&show-item=2');
    expect(withoutRecordDialogParams(params).toString()).toBe('view=chart&show-item=2');
  });
});
