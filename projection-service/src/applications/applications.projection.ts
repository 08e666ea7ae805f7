import type { ApplicationCreated } from '@fahrplan/contracts';
import { foldText, recordProjection, withDerived } from '../projections/projection';
import type { Derived, IndexKeys, RecordDoc } from '../projections/projection';
import { optionalIndexKeys, optionalTexts } from '../projections/sort-keys';

/** The application details read model (§2 dialog); parentName is joined at query time. */
export interface ApplicationDoc extends Omit<ApplicationCreated['data'], never>, RecordDoc {
  readonly shared: boolean;
}

/** What the catalogue's search (`q`) looks in. */
export const searchedApplicationFields = [
  'name',
  'shortname',
  'release',
  'assetNr',
  'description',
  'contact',
  'vendor',
  'provider',
] as const;

/** The catalogue's sorts with optional values (the name always has one). */
export const optionalApplicationSorts = [
  'release',
  'shortname',
  'status',
  'contact',
  'assetNr',
  'vendor',
  'end',
] as const;

const live = { tenant: 1, deleted: 1 } as const;

/** The catalogue's sort keys and search text (issue 17). */
export const applicationKeys = (doc: ApplicationDoc): Derived => ({
  _name: foldText(doc.name),
  _search: searchedApplicationFields.map((field) => foldText(doc[field])).join('\n'),
  ...optionalTexts(Object.fromEntries(optionalApplicationSorts.map((name) => [name, doc[name]]))),
});

export const applicationsProjection = withDerived(
  {
    ...recordProjection<ApplicationDoc>({
      collection: 'applications',
      version: 2,
      kind: 'Application',
      // GET /api/applications by each sort, by status (by name) and by ids, and an application by name
      indexes: [
        { ...live, _name: 1, _id: 1 },
        ...optionalApplicationSorts.map((name): IndexKeys => ({ ...live, ...optionalIndexKeys(name) })),
        { ...live, status: 1, _name: 1, _id: 1 },
        { ...live, id: 1 },
        { ...live, name: 1 },
      ],
      extra: { shared: false },
    }),
    // ?q= searches the applications' texts by a trigram index where the store has one
    textIndex: '_search',
  },
  applicationKeys,
);
