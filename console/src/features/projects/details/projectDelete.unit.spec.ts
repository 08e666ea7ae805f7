import { describe, expect, it } from '@jest/globals';
import { englishT } from '../../i18n/testing';
import { projectDeleteSummary } from './projectDelete';

const t = englishT('projects');

describe('projectDeleteSummary', () => {
  it('names the items and the own lanes that go with the project', () => {
    expect(projectDeleteSummary('Roll-out', { count: 12, more: false }, 3, t)).toBe(
      "Deletes the project 'Roll-out', its 12 items and 3 lanes; restoring it brings them back.",
    );
    expect(projectDeleteSummary('Roll-out', { count: 1, more: false }, 0, t)).toBe(
      "Deletes the project 'Roll-out', its 1 item; restoring it brings them back.",
    );
    expect(projectDeleteSummary('Roll-out', { count: 0, more: false }, 1, t)).toBe(
      "Deletes the project 'Roll-out', its 1 lane; restoring it brings them back.",
    );
  });

  it('says when there is nothing else, more than a page, or the count is still loading', () => {
    expect(projectDeleteSummary('P', { count: 0, more: false }, 0, t)).toBe(
      "Deletes the project 'P'; it has no items and no lanes of its own.",
    );
    expect(projectDeleteSummary('P', { count: 1000, more: true }, 0, t)).toContain('its 1000+ items');
    expect(projectDeleteSummary('P', null, 2, t)).toBe("Deletes the project 'P' with its items and lanes.");
  });
});
