import { describe, expect, it } from '@jest/globals';
import type { TrackerRepositoryView } from '@fahrplan/contracts';
import { repositoryOf, repositoryOptions } from './repositoryOptions';
import { englishT } from '../i18n/testing';

const t = englishT('tracker');

const repository = (
  connectionId: number,
  connectionName: string,
  projectId: string,
  key: string,
  name: string,
): TrackerRepositoryView => ({
  id: `${connectionId}/${projectId}`,
  connectionId,
  connectionName,
  baseUrl: `https://tracker-${connectionId}.example`,
  projectId,
  key,
  name,
  url: null,
  boards: [],
});

const repositories = [
  repository(2, 'Jira Data Center', '20001', 'ERP', 'SAP Migration'),
  repository(1, 'Jira Cloud', '10002', 'OPS', 'Operations'),
  repository(1, 'Jira Cloud', '10001', 'APO', 'Apollo'),
];

describe('repository options', () => {
  it('groups by connection name, sorted, each group by "KEY — Name"', () => {
    expect(repositoryOptions(repositories, null, t)).toEqual([
      {
        group: 'Jira Cloud',
        items: [
          { value: '1/10001', label: 'APO — Apollo' },
          { value: '1/10002', label: 'OPS — Operations' },
        ],
      },
      { group: 'Jira Data Center', items: [{ value: '2/20001', label: 'ERP — SAP Migration' }] },
    ]);
  });

  it('keeps a stored repository the tenant no longer sees, named as unknown', () => {
    const options = repositoryOptions(repositories, '9/999', t);
    expect(options.at(-1)).toEqual({
      group: 'No longer available',
      items: [{ value: '9/999', label: 'unknown repository 9/999' }],
    });
    expect(repositoryOptions(repositories, '1/10001', t)).toHaveLength(2);
    expect(repositoryOptions([], '', t)).toEqual([]);
  });

  it('finds a repository by id, else null', () => {
    expect(repositoryOf(repositories, '1/10002')?.key).toBe('OPS');
    expect(repositoryOf(repositories, '1/404')).toBeNull();
    expect(repositoryOf(repositories, null)).toBeNull();
    expect(repositoryOf(undefined, '1/10002')).toBeNull();
  });
});
