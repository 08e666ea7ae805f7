import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/testing';
import { laneName } from './laneNames';

describe('laneName', () => {
  const t = englishT('items');

  it('names the implicit lanes from the catalogue and a project’s own lanes as named', () => {
    expect(laneName(t, { type: 'tasks', name: 'Tasks' })).toBe('Tasks');
    expect(laneName(t, { type: 'milestones', name: 'Milestones' })).toBe('Milestones');
    expect(laneName(t, { type: 'INDIVIDUAL', name: 'Backend' })).toBe('Backend');
  });
});
