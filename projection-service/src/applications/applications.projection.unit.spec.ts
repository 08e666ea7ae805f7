import {
  applicationCreated,
  applicationDeleted,
  applicationUpdated,
  fields,
} from './testing/application-events';
import { freshId, project } from '../projections/testing/stored-event';
import { applicationsProjection } from './applications.projection';
import type { ApplicationDoc } from './applications.projection';

describe('applicationsProjection', () => {
  const id = freshId();

  it('keys the document by the application id', () =>
    expect(applicationsProjection.documentId(applicationCreated(id))).toBe(String(id)));

  it('creates the document with the tenant of the event, the revision as version, not deleted, not shared', () =>
    expect(project(applicationsProjection, [applicationCreated(id, 0, 'globex')])).toEqual({
      id,
      ...fields(),
      tenant: 'globex',
      version: 0,
      deleted: false,
      shared: false,
    }));

  it('applies only the changes of an update and takes its revision as version', () =>
    expect(
      project(applicationsProjection, [
        applicationCreated(id),
        applicationUpdated(id, 4, { name: 'Payroll', end: null }),
      ]),
    ).toEqual<ApplicationDoc>({
      id,
      ...fields({ name: 'Payroll', end: null }),
      tenant: 'acme',
      version: 4,
      deleted: false,
      shared: false,
    }));

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
