import { describe, expect, it } from '@jest/globals';
import { newProjectRequest, recordKeyOf, withDialogParam } from './dialogParams';

describe('recordKeyOf', () => {
  it('reads an id', () => {
    expect(recordKeyOf('3')).toBe(3);
    expect(recordKeyOf('012')).toBe(12);
  });

  it('reads any other text as a name or title, trimmed', () => {
    expect(recordKeyOf('Payroll')).toBe('Payroll');
    expect(recordKeyOf(' Cloud Landing Zone ')).toBe('Cloud Landing Zone');
    expect(recordKeyOf('S/4HANA 2.0')).toBe('S/4HANA 2.0');
  });

  it('reads nothing from a missing or blank parameter, or an id that is not positive', () => {
    expect(recordKeyOf(null)).toBeNull();
    expect(recordKeyOf('')).toBeNull();
    expect(recordKeyOf('  ')).toBeNull();
    expect(recordKeyOf('0')).toBeNull();
  });
});

describe('newProjectRequest', () => {
  const request = (query: string) => newProjectRequest(new URLSearchParams(query));

  it('reads new-project with and without an application', () => {
    expect(request('new-project=4')).toBe(4);
    expect(request('new-project')).toBeNull();
    expect(request('new-project=x')).toBeNull();
  });

  it('is undefined without the parameter', () => {
    expect(request('show-project=1&view=chart')).toBeUndefined();
  });
});

describe('withDialogParam', () => {
  it('sets and removes only its own parameter', () => {
    const params = new URLSearchParams('q=cloud&show-project=1&sort=-end');
    expect(withDialogParam(params, 'show-project', '7').toString()).toBe('q=cloud&show-project=7&sort=-end');
    expect(withDialogParam(params, 'show-project', null).toString()).toBe('q=cloud&sort=-end');
    expect(params.toString()).toBe('q=cloud&show-project=1&sort=-end');
  });
});
