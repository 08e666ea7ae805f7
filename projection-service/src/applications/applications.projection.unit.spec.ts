import {
  applicationCreated,
  applicationDeleted,
  applicationUpdated,
  fields,
} from './testing/application-events';
import { freshId, project } from '../projections/testing/stored-event';
import { applicationKeys, applicationsProjection } from './applications.projection';
import type { ApplicationDoc } from './applications.projection';

describe('applicationsProjection', () => {
  const id = freshId();

  it('keys the document by the application id', () =>
    expect(applicationsProjection.documentId(applicationCreated(id))).toBe(String(id)));

  /** The document as stored: its fields and the keys of the application list. */
  const stored = (doc: ApplicationDoc) => ({ ...doc, ...applicationKeys(doc) });

  it('creates the document with the tenant of the event, the revision as version, not deleted, not shared', () =>
    expect(project(applicationsProjection, [applicationCreated(id, 0, 'globex')])).toEqual(
      stored({
        id,
        ...fields(),
        tenant: 'globex',
        version: 0,
        deleted: false,
        shared: false,
      }),
    ));

  it('applies only the changes of an update and takes its revision as version', () =>
    expect(
      project(applicationsProjection, [
        applicationCreated(id),
        applicationUpdated(id, 4, { name: 'Payroll', end: null }),
      ]),
    ).toEqual(
      stored({
        id,
        ...fields({ name: 'Payroll', end: null }),
        tenant: 'acme',
        version: 4,
        deleted: false,
        shared: false,
      }),
    ));

  it('derives the sort keys (folded; empty values flagged to come last) and the search text', () => {
    const doc = project(applicationsProjection, [
      applicationCreated(id),
      applicationUpdated(id, 1, { name: 'Ärzte-Portal', release: null, vendor: 'SAP', end: '2027-01-31' }),
    ]);
    expect(doc).toMatchObject({
      _name: 'arzte-portal',
      _release: '',
      _releaseEmpty: 1,
      _vendor: 'sap',
      _vendorEmpty: 0,
      _end: '2027-01-31',
      _endEmpty: 0,
      _status: 'produktiv',
    });
    expect((doc as unknown as { _search: string })._search.split('\n')[0]).toBe('arzte-portal');
  });

  it('flags a deleted application and keeps it', () =>
    expect(
      project(applicationsProjection, [applicationCreated(id), applicationDeleted(id, 1)]),
    ).toMatchObject({
      id,
      name: 'Billing',
      deleted: true,
      version: 1,
    }));

  it.each([
    ['an update', () => applicationUpdated(id, 1, { name: 'Payroll' })],
    ['a delete', () => applicationDeleted(id, 1)],
  ])('creates no document from %s of an unknown application', (_, event) =>
    expect(project(applicationsProjection, [event()])).toBeNull(),
  );
});
