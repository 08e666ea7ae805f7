import { addDays, commandCatalogue, trackerRepositoryId } from '@fahrplan/contracts';
import type { CommandResult, CommandType, SaveApplicationData } from '@fahrplan/contracts';
import {
  AddAccountEntriesMessage,
  CreateAccountMessage,
  CreateCommentMessage,
  CreateGoalMessage,
  SaveApplicationMessage,
  AddSubgroupMessage,
  SaveGroupMessage,
  SaveItemMessage,
  SaveResourceMessage,
  SaveTrackerConnectionMessage,
  SetGroupGoalsMessage,
  createTenant,
  createUser,
} from '@fahrplan/command-service';
import type { CommandEnvelope } from '@fahrplan/command-service';
import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import type { Embedded } from '../embedded/embedded';

/** What seeding needs: the stores and the command bus of a running command service. */
export type DemoParts = Pick<Embedded, 'store' | 'ids' | 'directory'> & {
  readonly app: INestApplicationContext;
};

export const DEMO_TENANT = 'demo';

/** The demo tenant's features, as its first start creates it. */
export const demoFeatures = {
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

/** The custom fields of the item dialog (§2 Details). */
const demoTaskAttributes = [
  { key: 'costCentre', label: 'Cost centre', type: 'text' },
  { key: 'risk', label: 'Risk', type: 'select', options: ['low', 'medium', 'high'] },
  { key: 'billable', label: 'Billable', type: 'boolean' },
] as const;

/** [sicht, periode, amount, projekt, typ, gruppe]: one finance entry of an account. */
type DemoEntry = [string, string | null, number, string, string, string];

type DemoApp = Omit<SaveApplicationData, 'parent'> & {
  parent?: string;
  entries?: DemoEntry[];
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

/** Three strategic goals (not assignable) with the subgoals projects are rated against. */
const goals = [
  {
    name: 'Operational Excellence',
    description: 'Stabile, kosteneffiziente IT mit wenig Altlasten.',
    subgoals: [
      ['automate', 'Prozesse automatisieren'],
      ['cost', 'Betriebskosten senken'],
      ['debt', 'Reduce technical debt'],
    ],
  },
  {
    name: 'Digital Customer Experience',
    description: 'Kundinnen und Kunden erledigen ihre Anliegen digital.',
    subgoals: [
      ['selfservice', 'Self-Service ausbauen'],
      ['ttm', 'Faster time to market'],
      ['data', 'Datenbasierte Entscheidungen'],
    ],
  },
  {
    name: 'Sicherheit & Compliance',
    description: 'Security by design and audit-proof operations.',
    subgoals: [
      ['zerotrust', 'Zero Trust umsetzen'],
      ['compliance', 'Regulatory compliance (revDSG, ISO 27001)'],
    ],
  },
] as const;

type GoalKey = (typeof goals)[number]['subgoals'][number][0];

interface DemoProject {
  readonly title: string;
  readonly nr?: string;
  readonly shortname?: string;
  readonly contact: string;
  readonly description?: string;
  /** status, phase, healthStatus, art, klasse. */
  readonly codes: readonly [number, number, number, number, number];
  /** Start and end (ISO dates, end ≥ start). */
  readonly dates: readonly [string, string];
  /** metric1–3 and the WICHTIGKEIT rating, 0–9. */
  readonly ratings: readonly [number, number, number, number];
  /** Title of the parent project, listed earlier. */
  readonly parent?: string;
  /** Names of demo applications the project uses. */
  readonly apps?: readonly string[];
  readonly goals?: Readonly<Partial<Record<GoalKey, number>>>;
  /** Needs `nr`: the account takes the project number. */
  readonly entries?: readonly DemoEntry[];
}

/** About 40 projects of an IT portfolio; parents come before their subprojects. */
const projects: readonly DemoProject[] = [
  {
    title: 'S/4HANA Migration',
    nr: 'P-2025-001',
    shortname: 'S4',
    contact: 'Anna Keller',
    description: 'Move ERP Core from ECC to S/4HANA (brownfield).',
    codes: [3, 2, 1, 1, 1],
    dates: ['2025-01-06', '2027-06-30'],
    ratings: [8, 7, 9, 9],
    apps: ['ERP Core', 'ERP Finance', 'ERP Logistics'],
    goals: { debt: 8, automate: 6, cost: 5 },
    entries: [
      ['Budget', '2025', 1800000, 'S/4HANA', 'Capex', 'ERP'],
      ['Ist', '2025', 1650000, 'S/4HANA', 'Capex', 'ERP'],
      ['Budget', '2026', 2400000, 'S/4HANA', 'Capex', 'ERP'],
      ['Prognose', '2026', 2550000, 'S/4HANA', 'Capex', 'ERP'],
    ],
  },
  {
    title: 'S/4HANA Finance Cutover',
    contact: 'Marco Rossi',
    codes: [3, 3, 0, 1, 1],
    dates: ['2026-01-05', '2026-12-18'],
    ratings: [7, 8, 8, 8],
    parent: 'S/4HANA Migration',
    apps: ['ERP Finance'],
    goals: { debt: 7, automate: 5 },
  },
  {
    title: 'S/4HANA Logistik Rollout',
    contact: 'Marco Rossi',
    codes: [2, 1, 0, 1, 1],
    dates: ['2026-04-01', '2027-03-31'],
    ratings: [6, 6, 7, 7],
    parent: 'S/4HANA Migration',
    apps: ['ERP Logistics', 'Procurement'],
    goals: { debt: 6, automate: 7 },
  },
  {
    title: 'Controlling Ablösung',
    contact: 'Lea Brunner',
    codes: [2, 0, 2, 1, 2],
    dates: ['2026-07-01', '2027-01-29'],
    ratings: [5, 4, 6, 6],
    parent: 'S/4HANA Migration',
    apps: ['ERP Controlling'],
    goals: { debt: 9, cost: 4 },
  },
  {
    title: 'Cloud Landing Zone',
    nr: 'P-2025-004',
    shortname: 'CLZ',
    contact: 'David Huber',
    description: 'Azure landing zone with hub-and-spoke networking and policy guardrails.',
    codes: [3, 3, 0, 2, 1],
    dates: ['2025-03-03', '2026-03-31'],
    ratings: [9, 6, 7, 8],
    goals: { cost: 6, zerotrust: 5, ttm: 7 },
    entries: [
      ['Budget', '2025', 650000, 'Landing Zone', 'Capex', 'Infrastruktur'],
      ['Ist', '2025', 702000, 'Landing Zone', 'Capex', 'Infrastruktur'],
      ['Budget', '2026', 180000, 'Landing Zone', 'Opex', 'Infrastruktur'],
    ],
  },
  {
    title: 'Landing Zone Networking',
    contact: 'David Huber',
    codes: [4, 4, 0, 2, 1],
    dates: ['2025-03-03', '2025-09-30'],
    ratings: [8, 5, 6, 7],
    parent: 'Cloud Landing Zone',
    goals: { zerotrust: 6 },
  },
  {
    title: 'Landing Zone Governance & Policies',
    contact: 'Lea Brunner',
    codes: [3, 3, 1, 2, 1],
    dates: ['2025-06-02', '2026-03-31'],
    ratings: [7, 5, 5, 6],
    parent: 'Cloud Landing Zone',
    goals: { compliance: 7, cost: 5 },
  },
  {
    title: 'IAM Rollout',
    nr: 'P-2025-007',
    shortname: 'IAM',
    contact: 'David Huber',
    description: 'Ein Identity Provider für alle Anwendungen, inkl. Lifecycle der Konten.',
    codes: [3, 3, 1, 1, 0],
    dates: ['2025-02-03', '2026-06-30'],
    ratings: [8, 8, 7, 9],
    apps: ['Identity Provider'],
    goals: { zerotrust: 9, compliance: 7 },
    entries: [
      ['Budget', '2025', 420000, 'IAM', 'Capex', 'Security'],
      ['Ist', '2025', 395000, 'IAM', 'Capex', 'Security'],
      ['Budget', '2026', 260000, 'IAM', 'Capex', 'Security'],
    ],
  },
  {
    title: 'MFA für alle Mitarbeitenden',
    contact: 'David Huber',
    codes: [4, 4, 0, 1, 0],
    dates: ['2025-02-03', '2025-08-29'],
    ratings: [6, 9, 8, 8],
    parent: 'IAM Rollout',
    apps: ['Identity Provider', 'Collaboration Suite'],
    goals: { zerotrust: 8 },
  },
  {
    title: 'Privileged Access Management',
    contact: 'Reto Zimmermann',
    codes: [3, 2, 1, 1, 0],
    dates: ['2025-09-01', '2026-06-30'],
    ratings: [7, 8, 6, 8],
    parent: 'IAM Rollout',
    apps: ['Identity Provider'],
    goals: { zerotrust: 9, compliance: 6 },
  },
  {
    title: 'Data Platform',
    nr: 'P-2026-011',
    shortname: 'DATA',
    contact: 'Nina Graf',
    description: 'Lakehouse on the data lake; the warehouse becomes a consumer.',
    codes: [3, 1, 1, 2, 1],
    dates: ['2026-01-05', '2027-12-17'],
    ratings: [9, 5, 7, 8],
    apps: ['Data Warehouse', 'Data Lake', 'Reporting Hub'],
    goals: { data: 9, debt: 4 },
    entries: [
      ['Budget', '2026', 900000, 'Data Platform', 'Capex', 'Daten'],
      ['Ist', '2026', 310000, 'Data Platform', 'Capex', 'Daten'],
      ['Budget', '2027', 750000, 'Data Platform', 'Capex', 'Daten'],
    ],
  },
  {
    title: 'Data Lake Ingestion Pipelines',
    contact: 'Nina Graf',
    codes: [3, 2, 0, 2, 1],
    dates: ['2026-01-05', '2026-09-30'],
    ratings: [8, 5, 6, 7],
    parent: 'Data Platform',
    apps: ['Data Lake'],
    goals: { data: 8, automate: 5 },
  },
  {
    title: 'Self-Service BI',
    contact: 'Nina Graf',
    codes: [2, 0, 0, 2, 2],
    dates: ['2026-06-01', '2027-06-30'],
    ratings: [5, 4, 8, 6],
    parent: 'Data Platform',
    apps: ['Reporting Hub'],
    goals: { data: 9, selfservice: 4 },
  },
  {
    title: 'CRM Marketing Automation',
    contact: 'Jonas Meier',
    codes: [3, 2, 0, 1, 2],
    dates: ['2026-02-02', '2026-11-30'],
    ratings: [5, 4, 7, 6],
    apps: ['CRM', 'CRM Marketing Cloud'],
    goals: { selfservice: 5, ttm: 6, data: 4 },
  },
  {
    title: 'Kundenportal Relaunch',
    nr: 'P-2026-015',
    shortname: 'PORTAL2',
    contact: 'Sara Frei',
    description: 'Neues Kundenportal mit Login über den Identity Provider.',
    codes: [3, 2, 2, 1, 1],
    dates: ['2026-03-02', '2027-02-26'],
    ratings: [6, 7, 9, 8],
    apps: ['Customer Portal', 'Customer Portal Mobile', 'Identity Provider'],
    goals: { selfservice: 9, ttm: 7 },
    entries: [
      ['Budget', '2026', 780000, 'Portal Relaunch', 'Capex', 'Digital'],
      ['Ist', '2026', 512000, 'Portal Relaunch', 'Capex', 'Digital'],
      ['Prognose', '2026', 835000, 'Portal Relaunch', 'Capex', 'Digital'],
      ['Budget', '2027', 240000, 'Portal Relaunch', 'Capex', 'Digital'],
    ],
  },
  {
    title: 'Mobile App 3.0',
    contact: 'Sara Frei',
    codes: [2, 0, 0, 1, 2],
    dates: ['2026-09-01', '2027-02-26'],
    ratings: [5, 5, 8, 6],
    parent: 'Kundenportal Relaunch',
    apps: ['Customer Portal Mobile'],
    goals: { selfservice: 8, ttm: 6 },
  },
  {
    title: 'E-Signatur Einführung',
    contact: 'Luca Weber',
    codes: [3, 2, 0, 3, 2],
    dates: ['2026-03-02', '2026-10-30'],
    ratings: [4, 5, 6, 5],
    apps: ['E-Signature', 'Document Management'],
    goals: { automate: 7, selfservice: 5 },
  },
  {
    title: 'DMS Archiv Migration',
    contact: 'Luca Weber',
    codes: [4, 4, 0, 3, 3],
    dates: ['2025-05-05', '2025-12-19'],
    ratings: [6, 6, 3, 4],
    apps: ['Document Management'],
    goals: { compliance: 6, debt: 5 },
  },
  {
    title: 'ITSM Process Harmonisation',
    nr: 'P-2025-019',
    contact: 'Reto Zimmermann',
    codes: [3, 3, 1, 0, 1],
    dates: ['2025-04-01', '2026-02-27'],
    ratings: [5, 7, 5, 6],
    apps: ['IT Service Management'],
    goals: { automate: 6, cost: 5 },
  },
  {
    title: 'CMDB Aufbau',
    contact: 'Reto Zimmermann',
    description: 'Vollständiges Inventar als Basis für Lifecycle und Lizenzen.',
    codes: [3, 2, 2, 0, 2],
    dates: ['2025-10-01', '2026-09-30'],
    ratings: [7, 5, 3, 5],
    apps: ['Asset Inventory', 'IT Service Management'],
    goals: { debt: 6, compliance: 5 },
  },
  {
    title: 'Legacy Billing Decommissioning',
    nr: 'P-2025-021',
    contact: 'Peter Kunz',
    codes: [4, 4, 0, 1, 3],
    dates: ['2025-01-06', '2025-07-31'],
    ratings: [8, 6, 4, 6],
    apps: ['Legacy Billing', 'ERP Finance'],
    goals: { debt: 9, cost: 7 },
  },
  {
    title: 'Intranet Ablösung',
    contact: 'Sara Frei',
    codes: [2, 1, 0, 1, 2],
    dates: ['2026-01-05', '2027-01-29'],
    ratings: [6, 4, 5, 5],
    apps: ['Intranet', 'Collaboration Suite'],
    goals: { debt: 6, cost: 4 },
  },
  {
    title: 'Microsoft 365 Copilot Pilot',
    contact: 'Tim Baumann',
    description: 'Pilot mit 200 Nutzenden; Entscheid über Rollout im Sommer.',
    codes: [3, 2, 0, 2, 2],
    dates: ['2026-02-02', '2026-07-31'],
    ratings: [4, 3, 6, 4],
    apps: ['Collaboration Suite'],
    goals: { automate: 6, ttm: 5 },
  },
  {
    title: 'HR Self Service Portal',
    contact: 'Eva Schmid',
    codes: [1, 0, 0, 1, 2],
    dates: ['2027-01-04', '2027-12-17'],
    ratings: [4, 3, 7, 5],
    apps: ['HR Self Service', 'Payroll'],
    goals: { selfservice: 7, automate: 5 },
  },
  {
    title: 'Payroll Cloud Migration',
    contact: 'Eva Schmid',
    codes: [2, 0, 1, 2, 1],
    dates: ['2026-10-01', '2027-09-30'],
    ratings: [6, 5, 4, 6],
    apps: ['Payroll'],
    goals: { cost: 6, compliance: 5 },
  },
  {
    title: 'Jira Cloud Migration',
    nr: 'P-2025-026',
    contact: 'Tim Baumann',
    description: 'Atlassian Data Center support ends: move Jira and Confluence to the cloud.',
    codes: [3, 3, 2, 2, 2],
    dates: ['2025-08-04', '2026-05-29'],
    ratings: [6, 7, 5, 6],
    apps: ['Issue Tracker', 'Wiki'],
    goals: { cost: 5, debt: 6 },
  },
  {
    title: 'Confluence Cleanup',
    contact: 'Tim Baumann',
    codes: [4, 4, 0, 0, 3],
    dates: ['2025-08-04', '2025-12-19'],
    ratings: [3, 4, 3, 3],
    parent: 'Jira Cloud Migration',
    apps: ['Wiki'],
    goals: { debt: 4 },
  },
  {
    title: 'Zero Trust Network Access',
    contact: 'David Huber',
    codes: [2, 1, 0, 2, 0],
    dates: ['2026-04-01', '2027-03-31'],
    ratings: [8, 6, 5, 8],
    goals: { zerotrust: 9 },
  },
  {
    title: 'SIEM / SOC Aufbau',
    nr: 'P-2025-029',
    contact: 'David Huber',
    description: 'Managed SOC mit eigenem SIEM; 24/7 ab Q3 2026.',
    codes: [3, 3, 1, 2, 0],
    dates: ['2025-06-02', '2026-12-18'],
    ratings: [7, 8, 4, 8],
    goals: { zerotrust: 7, compliance: 8 },
  },
  {
    title: 'ISO 27001 Zertifizierung',
    contact: 'Lea Brunner',
    codes: [3, 3, 0, 0, 0],
    dates: ['2025-09-01', '2026-11-30'],
    ratings: [5, 7, 4, 7],
    goals: { compliance: 9 },
  },
  {
    title: 'Backup & Disaster Recovery Modernisierung',
    contact: 'Reto Zimmermann',
    codes: [3, 2, 2, 2, 1],
    dates: ['2025-11-03', '2026-08-31'],
    ratings: [8, 9, 3, 7],
    apps: ['ERP Core', 'Data Warehouse'],
    goals: { cost: 4, compliance: 6 },
  },
  {
    title: 'Kubernetes Platform',
    contact: 'Jonas Meier',
    description: 'Shared container platform for in-house applications.',
    codes: [3, 3, 0, 2, 1],
    dates: ['2025-07-01', '2026-06-30'],
    ratings: [9, 6, 6, 6],
    goals: { ttm: 8, automate: 6 },
  },
  {
    title: 'API Gateway & Integration Layer',
    contact: 'Jonas Meier',
    codes: [2, 1, 1, 2, 1],
    dates: ['2026-01-05', '2026-12-18'],
    ratings: [8, 5, 7, 7],
    apps: ['ERP Core', 'CRM', 'Customer Portal'],
    goals: { ttm: 7, debt: 5 },
  },
  {
    title: 'Fahrplan Einführung',
    contact: 'Anna Keller',
    description: 'Portfolio planning moves from spreadsheets to Fahrplan.',
    codes: [2, 0, 0, 3, 2],
    dates: ['2026-09-01', '2027-03-31'],
    ratings: [4, 3, 5, 4],
    apps: ['Planning Tool'],
    goals: { data: 6, automate: 4 },
  },
  {
    title: 'Network Refresh Standorte',
    contact: 'Reto Zimmermann',
    codes: [4, 4, 0, 2, 3],
    dates: ['2025-04-01', '2026-03-31'],
    ratings: [6, 8, 2, 5],
    goals: { cost: 3, zerotrust: 4 },
  },
  {
    title: 'Workplace Windows 11 Rollout',
    contact: 'Tim Baumann',
    codes: [4, 4, 0, 0, 3],
    dates: ['2025-01-13', '2025-10-31'],
    ratings: [3, 8, 3, 5],
    apps: ['Collaboration Suite'],
    goals: { debt: 5, zerotrust: 3 },
  },
  {
    title: 'Datenschutz-Compliance revDSG',
    contact: 'Lea Brunner',
    codes: [4, 4, 1, 0, 0],
    dates: ['2025-03-03', '2025-12-19'],
    ratings: [3, 5, 6, 7],
    apps: ['CRM', 'Customer Portal'],
    goals: { compliance: 9 },
  },
  {
    title: 'FinOps Kostenoptimierung',
    contact: 'Anna Keller',
    description: 'Cloud costs per product, reserved instances, rightsizing.',
    codes: [3, 2, 0, 0, 2],
    dates: ['2026-01-05', '2026-12-18'],
    ratings: [5, 6, 3, 5],
    goals: { cost: 9 },
  },
  {
    title: 'Green IT Rechenzentrum',
    contact: 'Reto Zimmermann',
    codes: [1, 0, 0, 2, 3],
    dates: ['2027-01-04', '2027-12-17'],
    ratings: [4, 5, 2, 3],
    goals: { cost: 5 },
  },
  {
    title: 'AI Service Desk Chatbot',
    contact: 'Reto Zimmermann',
    codes: [2, 1, 0, 3, 2],
    dates: ['2026-05-04', '2027-02-26'],
    ratings: [5, 4, 8, 5],
    apps: ['IT Service Management'],
    goals: { selfservice: 8, automate: 7 },
  },
  {
    title: 'Procurement Digitalisierung',
    contact: 'Marco Rossi',
    codes: [2, 0, 0, 1, 2],
    dates: ['2026-06-01', '2027-05-31'],
    ratings: [5, 5, 6, 5],
    apps: ['Procurement', 'ERP Logistics'],
    goals: { automate: 8 },
  },
  {
    title: 'Mainframe Exit',
    contact: 'Peter Kunz',
    description: 'Sistiert bis zum Abschluss der S/4HANA Migration.',
    codes: [5, 0, 2, 1, 1],
    dates: ['2027-03-01', '2027-12-17'],
    ratings: [8, 4, 3, 6],
  },
];

/**
 * [project, title, start (days from today), working length in calendar days (null: a milestone),
 * effort in person-days, lane]: the tasks and milestones a new user sees on the timeline, around today.
 */
type DemoItem = [string, string, number, number | null, number | null, string?];

/** The INDIVIDUAL lanes some demo projects have, besides tasks and milestones. */
const demoLanes: readonly [string, string][] = [
  ['S/4HANA Finance Cutover', 'Testing'],
  ['IAM Rollout', 'Rollout waves'],
];

const demoItems: readonly DemoItem[] = [
  ['S/4HANA Finance Cutover', 'Data migration dry run', -20, 15, 12],
  ['S/4HANA Finance Cutover', 'Chart of accounts mapping', -6, 21, 18],
  ['S/4HANA Finance Cutover', 'Integration tests', 10, 28, 30, 'Testing'],
  ['S/4HANA Finance Cutover', 'User acceptance tests', 40, 21, 25, 'Testing'],
  ['S/4HANA Finance Cutover', 'Go/no-go decision', 63, null, null],
  ['S/4HANA Migration', 'Steering committee', 14, null, null],
  ['S/4HANA Migration', 'Quarterly review', 75, null, null],
  ['IAM Rollout', 'Directory clean-up', -30, 25, 15],
  ['IAM Rollout', 'Wave 1: headquarters', -3, 14, 20, 'Rollout waves'],
  ['IAM Rollout', 'Wave 2: plants', 14, 21, 30, 'Rollout waves'],
  ['IAM Rollout', 'All users enrolled', 35, null, null],
  ['Kubernetes Platform', 'Cluster hardening', -10, 20, 10],
  ['Kubernetes Platform', 'Platform go-live', 21, null, null],
  ['Kundenportal Relaunch', 'UX design', -14, 28, 20],
  ['Kundenportal Relaunch', 'Frontend build', 7, 42, 45],
  ['Kundenportal Relaunch', 'Launch', 56, null, null],
  ['Fahrplan Einführung', 'Pilot with two teams', 0, 14, 6],
  ['Fahrplan Einführung', 'Rollout decision', 20, null, null],
  // the first projects in the timeline's (alphabetical) order, so that its first screen is not empty
  ['AI Service Desk Chatbot', 'Intent catalogue', -12, 14, 8],
  ['AI Service Desk Chatbot', 'Pilot with first-level support', 4, 21, 12],
  ['AI Service Desk Chatbot', 'Pilot review', 28, null, null],
  ['API Gateway & Integration Layer', 'Gateway selection', -25, 20, 10],
  ['API Gateway & Integration Layer', 'First APIs migrated', -2, 30, 25],
  ['API Gateway & Integration Layer', 'Gateway in production', 12, null, null],
  ['Backup & Disaster Recovery Modernisierung', 'Restore tests', -8, 10, 6],
  ['Backup & Disaster Recovery Modernisierung', 'Immutable backup storage', 5, 25, 15],
  ['Backup & Disaster Recovery Modernisierung', 'DR drill', 33, null, null],
  ['CMDB Aufbau', 'Discovery scans', -18, 28, 14],
  ['CMDB Aufbau', 'Service mapping', 9, 35, 20],
  ['CMDB Aufbau', 'CMDB live', 45, null, null],
  ['Cloud Landing Zone', 'Account structure', -15, 14, 8],
  ['Cloud Landing Zone', 'Guardrails and policies', 0, 21, 12],
  ['Cloud Landing Zone', 'First workload onboarded', 24, null, null],
  ['Confluence Cleanup', 'Space inventory', -5, 10, 4],
  ['Confluence Cleanup', 'Archive stale spaces', 6, 14, 6],
  ['Confluence Cleanup', 'Cleanup done', 21, null, null],
  ['Controlling Ablösung', 'Requirements workshops', -21, 21, 15],
  ['Controlling Ablösung', 'Vendor evaluation', 1, 28, 18],
  ['Controlling Ablösung', 'Vendor decision', 30, null, null],
  ['CRM Marketing Automation', 'Campaign templates', -7, 14, 7],
  ['CRM Marketing Automation', 'Lead scoring', 8, 21, 10],
  ['CRM Marketing Automation', 'First automated campaign', 18, null, null],
  ['Data Lake Ingestion Pipelines', 'SAP extractor', -16, 21, 14],
  ['Data Lake Ingestion Pipelines', 'Streaming ingestion', 6, 28, 20],
  ['Data Lake Ingestion Pipelines', 'Pipelines in production', 36, null, null],
  ['Data Platform', 'Architecture board', -4, null, null],
  ['Data Platform', 'Data catalogue', -10, 30, 16],
  ['Data Platform', 'Access governance', 14, 21, 10],
  ['Datenschutz-Compliance revDSG', 'Processing register', -20, 25, 10],
  ['Datenschutz-Compliance revDSG', 'Privacy notices update', 6, 14, 5],
  ['Datenschutz-Compliance revDSG', 'Audit readiness', 27, null, null],
  ['DMS Archiv Migration', 'Archive export', -9, 18, 9],
  ['DMS Archiv Migration', 'Import and verification', 10, 21, 12],
  ['DMS Archiv Migration', 'Old archive switched off', 34, null, null],
  ['E-Signatur Einführung', 'Provider contract', -3, null, null],
  ['E-Signatur Einführung', 'HR contracts pilot', 2, 21, 8],
  ['E-Signatur Einführung', 'Company-wide rollout', 25, 30, 12],
  ['FinOps Kostenoptimierung', 'Cost tagging', -14, 21, 8],
  ['FinOps Kostenoptimierung', 'Rightsizing', 8, 28, 12],
  ['FinOps Kostenoptimierung', 'Savings review', 38, null, null],
  ['Green IT Rechenzentrum', 'Energy measurement', -6, 14, 6],
  ['Green IT Rechenzentrum', 'Cooling optimisation', 10, 35, 15],
  ['Green IT Rechenzentrum', 'PUE target met', 50, null, null],
  ['HR Self Service Portal', 'Portal prototype', -10, 21, 12],
  ['HR Self Service Portal', 'Absence requests', 12, 21, 14],
  ['HR Self Service Portal', 'Portal launch', 40, null, null],
];

/**
 * What the demo links to the fake tracker `npm start` serves (tracker-sync/src/fake/demo-data.ts):
 * two projects with their repository and epic, and tasks with their issues, one of them through the
 * issue group of a project without repository.
 */
const demoTrackerLinks = {
  projects: new Map([
    ['AI Service Desk Chatbot', { projectId: '10000', issue: 'SDESK-1' }],
    ['Jira Cloud Migration', { projectId: '10001', issue: 'CLOUD-1' }],
  ]),
  items: new Map<string, { issue: string; issueGroup?: string }>([
    ['Intent catalogue', { issue: 'SDESK-2' }],
    ['Pilot with first-level support', { issue: 'SDESK-3' }],
    ['Portal prototype', { issue: 'PORTAL-3', issueGroup: '10002' }],
  ]),
};

/** The demo's tracker connection, when `npm start` serves the fake tracker. */
interface DemoTracker {
  readonly connectionId: number;
  readonly baseUrl: string;
}

/** The demo resources (§3) and the projects assigned to them; their tasks take the project's resource. */
const demoResources: readonly (readonly [string, readonly string[]])[] = [
  ['Platform team', ['Cloud Landing Zone', 'Landing Zone Networking']],
  ['Finance IT', ['S/4HANA Finance Cutover', 'Controlling Ablösung']],
  ['Anna Keller', ['IAM Rollout', 'Data Platform']],
];

/** The demo items, dated relative to `today` so that the timeline is filled whenever it is opened. */
const seedItems = async (
  run: Run,
  projectIds: ReadonlyMap<string, number>,
  today: string,
  resourceOf: ReadonlyMap<string, number> = new Map(),
  tracker: DemoTracker | null = null,
): Promise<void> => {
  const lanes = new Map<string, string>();
  for (const [project, name] of demoLanes) {
    await run(AddSubgroupMessage, { id: projectIds.get(project)!, name });
    // lane ids are numbered per project from lane-1, in the order they were added
    const count = [...lanes.keys()].filter((key) => key.startsWith(`${project}\u0000`)).length;
    lanes.set(`${project}\u0000${name}`, `lane-${count + 1}`);
  }
  for (const [project, title, offset, length, effort, lane] of demoItems) {
    const start = addDays(today, offset);
    await run(SaveItemMessage, {
      title,
      group: projectIds.get(project)!,
      subgroup: lane ? lanes.get(`${project}\u0000${lane}`) : length === null ? 'milestones' : 'tasks',
      start: `${start}T00:00`,
      end: length === null ? null : `${addDays(start, length)}T00:00`,
      effort,
      resource: length === null ? null : (resourceOf.get(project) ?? null),
      ...trackerFieldsOfItem(title, tracker),
    });
  }
};

const trackerFieldsOfItem = (title: string, tracker: DemoTracker | null) => {
  const link = tracker && demoTrackerLinks.items.get(title);
  if (!tracker || !link) return {};
  return {
    jiraid: link.issue,
    ...(link.issueGroup ? { jiragroup: trackerRepositoryId(tracker.connectionId, link.issueGroup) } : {}),
  };
};

const trackerFieldsOfProject = (title: string, tracker: DemoTracker | null) => {
  const link = tracker && demoTrackerLinks.projects.get(title);
  if (!tracker || !link) return {};
  return {
    jirarepo: { id: trackerRepositoryId(tracker.connectionId, link.projectId), url: tracker.baseUrl },
    jiraid: link.issue,
  };
};

const envelope = (commandType: string): CommandEnvelope => ({
  tenant: DEMO_TENANT,
  user: 'admin',
  commandType,
  source: 'demo',
});

/**
 * First start: the demo tenant, its admin and viewer, and realistic data, all through the real commands.
 * With `tracker` (the fake tracker `npm start` serves), the jira feature is on and a connection to it
 * links two projects and three tasks.
 */
export const seedDemo = async (
  embedded: DemoParts,
  password: string,
  options: { tracker?: { baseUrl: string; email: string; apiToken: string } } = {},
): Promise<void> => {
  const { store, ids, directory } = embedded;
  await directory.waitFor(
    await createTenant(store, ids, {
      name: DEMO_TENANT,
      features: { ...demoFeatures, jira: options.tracker !== undefined },
      applicationAttributes: demoAttributes,
      taskAttributes: demoTaskAttributes,
    }),
  );
  // the users hold the tenant's built-in roles, as users created in the console do
  const roleId = (name: string) =>
    Object.values(directory.tenant(DEMO_TENANT)!.roles).find((r) => r.name === name)!.id;
  await createUser(store, ids, {
    tenant: DEMO_TENANT,
    username: 'admin',
    displayName: 'Demo Admin',
    password,
    permissions: {},
    roles: [roleId('Administrator')],
  });
  await createUser(store, ids, {
    tenant: DEMO_TENANT,
    username: 'viewer',
    displayName: 'Demo Viewer',
    password,
    permissions: {},
    roles: [roleId('Viewer')],
  });
  const last = await createUser(store, ids, {
    tenant: DEMO_TENANT,
    username: 'auditor',
    displayName: 'Demo Auditor',
    password,
    permissions: {},
    roles: [roleId('Auditor')],
  });
  await directory.waitFor(last);
  const bus = embedded.app.get(CommandBus);
  // parsed like the HTTP API does: validated, with its defaults and normalisations
  const run: Run = (Message, data) => {
    const type = Message.name.replace(/Message$/, '') as CommandType;
    return bus.execute(new Message(commandCatalogue[type].schema.parse(data), envelope(type)));
  };
  const byName = new Map<string, number>();
  for (const { parent, entries, ...app } of applications) {
    const saved = await run(SaveApplicationMessage, { ...app, parent: parent ? byName.get(parent)! : null });
    byName.set(app.name!, saved.id);
    if (!entries) continue;
    const account = await run(CreateAccountMessage, { refType: 'application', refId: saved.id });
    await run(SaveApplicationMessage, { id: saved.id, version: saved.version, account: account.id });
    await run(AddAccountEntriesMessage, { accountId: account.id, entries: toEntries(entries) });
  }
  for (const description of [
    'Release 2025.2 rolled out to all plants.',
    'Controlling module is sunset by 2027; migration planned.',
  ])
    await run(CreateCommentMessage, { refType: 'application', refId: byName.get('ERP Core')!, description });
  let tracker: DemoTracker | null = null;
  if (options.tracker) {
    const { baseUrl, email, apiToken } = options.tracker;
    const connection = await run(SaveTrackerConnectionMessage, {
      name: 'Demo tracker (fake Jira)',
      baseUrl,
      deployment: 'cloud',
      authMode: 'basic',
      email,
      secret: apiToken,
    });
    tracker = { connectionId: connection.id, baseUrl };
  }
  await seedProjects(run, byName, tracker);
};

type Run = (
  Message: new (data: unknown, envelope: CommandEnvelope) => object,
  data: unknown,
) => Promise<CommandResult>;

const toEntries = (entries: readonly DemoEntry[]) =>
  entries.map(([sicht, periode, amount, projekt, typ, gruppe]) => ({
    sicht,
    periode,
    amount,
    projekt,
    typ,
    gruppe,
  }));

/** The goal tree, the projects with their goal values and accounts, and a few project comments. */
const seedProjects = async (
  run: Run,
  applicationIds: ReadonlyMap<string, number>,
  tracker: DemoTracker | null,
): Promise<void> => {
  const goalIds = new Map<GoalKey, number>();
  for (const [index, goal] of goals.entries()) {
    // ranks 10, 11, 12, 20, …: the goal list (sorted by rank) reads as the tree
    const rank = (index + 1) * 10;
    const { name, description } = goal;
    const strategic = await run(CreateGoalMessage, {
      name,
      description,
      type: 'STRATEGY',
      rank,
      assignable: false,
    });
    for (const [subIndex, [key, subName]] of goal.subgoals.entries()) {
      const sub = await run(CreateGoalMessage, {
        name: subName,
        parent: strategic.id,
        type: 'OBJECTIVE',
        rank: rank + subIndex + 1,
      });
      goalIds.set(key, sub.id);
    }
  }
  const resourceOf = new Map<string, number>();
  for (const [name, titles] of demoResources) {
    const { id } = await run(SaveResourceMessage, { name });
    for (const title of titles) resourceOf.set(title, id);
  }
  const projectIds = new Map<string, number>();
  const lookup = (ids: ReadonlyMap<string, number>, name: string): number => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`demo data: unknown reference '${name}'`);
    return id;
  };
  for (const project of projects) {
    const [status, phase, healthStatus, art, klasse] = project.codes;
    const [metric1, metric2, metric3, importance] = project.ratings;
    const saved = await run(SaveGroupMessage, {
      title: project.title,
      projectNr: project.nr,
      shortname: project.shortname,
      contact: project.contact,
      description: project.description,
      start: project.dates[0],
      end: project.dates[1],
      status,
      phase,
      healthStatus,
      art,
      klasse,
      metric1,
      metric2,
      metric3,
      // metric4 becomes the priority computed from these
      metrics: [
        { type: 'WICHTIGKEIT', value: importance },
        { type: 'DRINGLICHKEIT', value: metric2 },
        { type: 'ARCHITEKTUR', value: metric1 },
        { type: 'BETRIEB', value: metric2 },
        { type: 'GESCHAEFTSPROZESSE', value: metric3 },
      ],
      parent: project.parent ? lookup(projectIds, project.parent) : null,
      applications: (project.apps ?? []).map((name) => lookup(applicationIds, name)),
      resource: resourceOf.get(project.title) ?? null,
      ...trackerFieldsOfProject(project.title, tracker),
    });
    projectIds.set(project.title, saved.id);
    if (project.entries) {
      const account = await run(CreateAccountMessage, { refType: 'group', refId: saved.id });
      await run(SaveGroupMessage, { id: saved.id, version: saved.version, account: account.id });
      await run(AddAccountEntriesMessage, { accountId: account.id, entries: toEntries(project.entries) });
    }
    const values = Object.entries(project.goals ?? {}) as [GoalKey, number][];
    if (values.length > 0)
      await run(SetGroupGoalsMessage, {
        id: saved.id,
        goals: values.map(([key, value]) => ({ goalId: goalIds.get(key)!, value })),
      });
  }
  const comments: [string, string][] = [
    ['S/4HANA Migration', 'Steering committee approved the brownfield approach.'],
    ['S/4HANA Migration', 'Finance cutover moved to the turn of the year 2026/27.'],
    ['IAM Rollout', 'MFA ist für alle Mitarbeitenden aktiv.'],
    ['Mainframe Exit', 'On hold until the S/4HANA migration is live.'],
  ];
  for (const [title, description] of comments)
    await run(CreateCommentMessage, { refType: 'PROJECT', refId: lookup(projectIds, title), description });
  await seedItems(run, projectIds, new Date().toISOString().slice(0, 10), resourceOf, tracker);
};
