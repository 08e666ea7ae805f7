import { allPermissions, viewOnlyPermissions } from '@fahrplan/contracts';
import type { CommandResult, SaveApplicationData } from '@fahrplan/contracts';
import {
  AddAccountEntriesMessage,
  CreateAccountMessage,
  CreateCommentMessage,
  SaveApplicationMessage,
  createTenant,
  createUser,
} from '@fahrplan/command-service';
import type { CommandEnvelope } from '@fahrplan/command-service';
import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import type { Embedded } from './app';

/** What seeding needs: the stores and the command bus of a running command service. */
export type DemoParts = Pick<Embedded, 'store' | 'ids' | 'directory'> & {
  readonly app: INestApplicationContext;
};

export const DEMO_TENANT = 'demo';

const demoFeatures = {
  admin: true,
  jira: false,
  alm: true,
  hermes: false,
  financialPlanning: true,
  agileLifecycle: false,
};
const demoAttributes = [
  {
    key: 'criticality',
    label: 'Criticality',
    type: 'select',
    options: ['low', 'medium', 'high', 'critical'],
  },
  { key: 'users', label: 'Number of users', type: 'number' },
  { key: 'cloud', label: 'Runs in the cloud', type: 'boolean' },
  { key: 'reviewDate', label: 'Next review', type: 'date' },
] as const;

type DemoApp = Omit<SaveApplicationData, 'parent'> & {
  parent?: string;
  entries?: [string, string | null, number, string, string, string][];
};

const vendors = ['SAP', 'Microsoft', 'Atlassian', 'Salesforce', 'Adobe', 'in-house', 'Abacus', 'ServiceNow'];

/** About 25 applications with parents, releases, statuses, contacts, vendors, attributes and accounts. */
const applications: DemoApp[] = [
  {
    name: 'ERP Core',
    release: '2025.2',
    shortname: 'ERP',
    status: 'PRODUKTIV',
    assetNr: 'A-1001',
    vendor: 'SAP',
    provider: 'IT Operations',
    contact: 'Anna Keller',
    start: '2019-01-01',
    description: 'Finance, logistics and controlling backbone.',
    docUrl: 'https://wiki.example.com/erp',
    attributes: [
      { key: 'criticality', value: 'critical' },
      { key: 'users', value: 1800 },
    ],
    entries: [
      ['Budget', '2026', 1200000, 'ERP Betrieb', 'Opex', 'Betrieb'],
      ['Ist', '2026', 845000, 'ERP Betrieb', 'Opex', 'Betrieb'],
      ['Budget', '2027', 1250000, 'ERP Betrieb', 'Opex', 'Betrieb'],
    ],
  },
  {
    name: 'ERP Finance',
    release: '2025.2',
    shortname: 'FI',
    status: 'PRODUKTIV',
    assetNr: 'A-1002',
    vendor: 'SAP',
    contact: 'Marco Rossi',
    parent: 'ERP Core',
    start: '2019-01-01',
  },
  {
    name: 'ERP Logistics',
    release: '2025.1',
    shortname: 'LOG',
    status: 'PRODUKTIV',
    assetNr: 'A-1003',
    vendor: 'SAP',
    contact: 'Marco Rossi',
    parent: 'ERP Core',
    start: '2019-06-01',
  },
  {
    name: 'ERP Controlling',
    release: '2024.4',
    shortname: 'CO',
    status: 'AUSLAUFEND',
    vendor: 'SAP',
    contact: 'Lea Brunner',
    parent: 'ERP Core',
    start: '2015-03-01',
    end: '2027-01-01',
  },
  {
    name: 'CRM',
    release: 'Spring 26',
    shortname: 'CRM',
    status: 'PRODUKTIV',
    assetNr: 'A-1010',
    vendor: 'Salesforce',
    provider: 'Salesforce',
    contact: 'Jonas Meier',
    start: '2021-04-01',
    docUrl: 'https://wiki.example.com/crm',
    attributes: [
      { key: 'criticality', value: 'high' },
      { key: 'cloud', value: true },
    ],
    entries: [
      ['Budget', '2026', 420000, 'CRM Lizenzen', 'Opex', 'Vertrieb'],
      ['Ist', '2026', 398500, 'CRM Lizenzen', 'Opex', 'Vertrieb'],
    ],
  },
  {
    name: 'CRM Marketing Cloud',
    release: '2026.1',
    status: 'ENTWICKLUNG',
    vendor: 'Salesforce',
    contact: 'Jonas Meier',
    parent: 'CRM',
    start: '2026-02-01',
  },
  {
    name: 'Customer Portal',
    release: '3.4',
    shortname: 'PORTAL',
    status: 'PRODUKTIV',
    assetNr: 'A-1020',
    vendor: 'in-house',
    provider: 'Digital Channels',
    contact: 'Sara Frei',
    start: '2020-09-01',
    attributes: [
      { key: 'users', value: 52000 },
      { key: 'cloud', value: true },
    ],
    entries: [
      ['Budget', '2026', 310000, 'Portal Weiterentwicklung', 'Capex', 'Digital'],
      ['Ist', '2026', 122000, 'Portal Weiterentwicklung', 'Capex', 'Digital'],
      ['Prognose', '2026', 295000, 'Portal Weiterentwicklung', 'Capex', 'Digital'],
    ],
  },
  {
    name: 'Customer Portal Mobile',
    release: '2.1',
    status: 'PRODUKTIV',
    vendor: 'in-house',
    contact: 'Sara Frei',
    parent: 'Customer Portal',
    start: '2022-05-01',
  },
  {
    name: 'Identity Provider',
    release: '26.0',
    shortname: 'IAM',
    status: 'PRODUKTIV',
    assetNr: 'A-1030',
    vendor: 'in-house',
    provider: 'Security',
    contact: 'David Huber',
    start: '2018-01-01',
    attributes: [{ key: 'criticality', value: 'critical' }],
  },
  {
    name: 'Data Warehouse',
    release: '12',
    shortname: 'DWH',
    status: 'PRODUKTIV',
    assetNr: 'A-1040',
    vendor: 'Microsoft',
    provider: 'Data & Analytics',
    contact: 'Nina Graf',
    start: '2017-01-01',
    entries: [
      ['Budget', '2026', 260000, 'DWH Betrieb', 'Opex', 'Daten'],
      ['Ist', '2026', 281000, 'DWH Betrieb', 'Opex', 'Daten'],
    ],
  },
  {
    name: 'Reporting Hub',
    release: '4.2',
    status: 'PRODUKTIV',
    vendor: 'Microsoft',
    contact: 'Nina Graf',
    parent: 'Data Warehouse',
    start: '2019-11-01',
  },
  {
    name: 'Data Lake',
    release: '1.0',
    status: 'ENTWICKLUNG',
    vendor: 'Microsoft',
    contact: 'Nina Graf',
    parent: 'Data Warehouse',
    start: '2026-01-01',
    attributes: [{ key: 'cloud', value: true }],
  },
  {
    name: 'Issue Tracker',
    release: '10.3',
    shortname: 'JIRA',
    status: 'PRODUKTIV',
    assetNr: 'A-1050',
    vendor: 'Atlassian',
    contact: 'Tim Baumann',
    start: '2016-01-01',
  },
  {
    name: 'Wiki',
    release: '9.2',
    shortname: 'WIKI',
    status: 'PRODUKTIV',
    vendor: 'Atlassian',
    contact: 'Tim Baumann',
    parent: 'Issue Tracker',
    start: '2016-01-01',
  },
  {
    name: 'Payroll',
    release: '2026',
    shortname: 'PAY',
    status: 'PRODUKTIV',
    assetNr: 'A-1060',
    vendor: 'Abacus',
    contact: 'Eva Schmid',
    start: '2014-01-01',
    attributes: [{ key: 'criticality', value: 'high' }],
    entries: [['Budget', null, 150000, 'Lohn', 'Opex', 'HR']],
  },
  {
    name: 'HR Self Service',
    release: '3.0',
    status: 'PLANUNG',
    vendor: 'Abacus',
    contact: 'Eva Schmid',
    parent: 'Payroll',
    start: '2027-01-01',
  },
  {
    name: 'Document Management',
    release: '7.1',
    shortname: 'DMS',
    status: 'PRODUKTIV',
    assetNr: 'A-1070',
    vendor: 'Adobe',
    contact: 'Luca Weber',
    start: '2018-04-01',
  },
  {
    name: 'E-Signature',
    release: '2.0',
    status: 'ENTWICKLUNG',
    vendor: 'Adobe',
    contact: 'Luca Weber',
    parent: 'Document Management',
    start: '2026-03-01',
  },
  {
    name: 'IT Service Management',
    release: 'Xanadu',
    shortname: 'ITSM',
    status: 'PRODUKTIV',
    assetNr: 'A-1080',
    vendor: 'ServiceNow',
    contact: 'Reto Zimmermann',
    start: '2020-01-01',
  },
  {
    name: 'Asset Inventory',
    release: '2.3',
    status: 'PRODUKTIV',
    vendor: 'ServiceNow',
    contact: 'Reto Zimmermann',
    parent: 'IT Service Management',
    start: '2021-01-01',
  },
  {
    name: 'Legacy Billing',
    release: '5.9',
    status: 'ABGESCHALTET',
    vendor: 'in-house',
    contact: 'Peter Kunz',
    start: '2008-01-01',
    end: '2025-07-01',
    description: 'Replaced by ERP Finance.',
  },
  {
    name: 'Intranet',
    release: '2024',
    status: 'AUSLAUFEND',
    vendor: 'Microsoft',
    contact: 'Sara Frei',
    start: '2012-01-01',
    end: '2027-01-01',
  },
  {
    name: 'Collaboration Suite',
    release: '2026',
    shortname: 'M365',
    status: 'PRODUKTIV',
    assetNr: 'A-1090',
    vendor: 'Microsoft',
    contact: 'Tim Baumann',
    start: '2019-01-01',
    attributes: [
      { key: 'users', value: 2400 },
      { key: 'cloud', value: true },
    ],
  },
  {
    name: 'Planning Tool',
    release: '1.0',
    shortname: 'FP',
    status: 'ENTWICKLUNG',
    vendor: 'in-house',
    contact: 'Anna Keller',
    start: '2026-09-01',
    description: 'Fahrplan itself.',
  },
  {
    name: 'Procurement',
    release: '2025.4',
    status: 'UNDEFINIERT',
    vendor: vendors[0],
    contact: 'Marco Rossi',
    parent: 'ERP Logistics',
  },
];

const envelope = (commandType: string): CommandEnvelope => ({
  tenant: DEMO_TENANT,
  user: 'admin',
  commandType,
  source: 'demo',
});

/** First start: the demo tenant, its admin and viewer, and realistic data, all through the real commands. */
export const seedDemo = async (embedded: DemoParts, password: string): Promise<void> => {
  const { store, ids, directory } = embedded;
  await createTenant(store, ids, {
    name: DEMO_TENANT,
    features: demoFeatures,
    applicationAttributes: demoAttributes,
  });
  await createUser(store, ids, {
    tenant: DEMO_TENANT,
    username: 'admin',
    displayName: 'Demo Admin',
    password,
    permissions: allPermissions,
  });
  const last = await createUser(store, ids, {
    tenant: DEMO_TENANT,
    username: 'viewer',
    displayName: 'Demo Viewer',
    password,
    permissions: viewOnlyPermissions,
  });
  await directory.waitFor(last);
  const bus = embedded.app.get(CommandBus);
  const run = (
    Message: new (data: unknown, envelope: CommandEnvelope) => object,
    data: unknown,
  ): Promise<CommandResult> => bus.execute(new Message(data, envelope(Message.name.replace(/Message$/, ''))));
  const byName = new Map<string, number>();
  for (const { parent, entries, ...app } of applications) {
    const saved = await run(SaveApplicationMessage, { ...app, parent: parent ? byName.get(parent)! : null });
    byName.set(app.name!, saved.id);
    if (!entries) continue;
    const account = await run(CreateAccountMessage, { refType: 'application', refId: saved.id });
    await run(SaveApplicationMessage, { id: saved.id, version: saved.version, account: account.id });
    const rows = entries.map(([sicht, periode, amount, projekt, typ, gruppe]) => ({
      sicht,
      periode,
      amount,
      projekt,
      typ,
      gruppe,
    }));
    await run(AddAccountEntriesMessage, { accountId: account.id, entries: rows });
  }
  for (const description of [
    'Release 2025.2 rolled out to all plants.',
    'Controlling module is sunset by 2027; migration planned.',
  ])
    await run(CreateCommentMessage, { refType: 'application', refId: byName.get('ERP Core')!, description });
};
