import { z } from 'zod';
import { say } from '../rules/messages';
import { invalidField } from '../errors';
import { consoleLanguages } from '../preferences/preferences';
import type { ConsoleLanguage } from '../preferences/preferences';
import { ranges } from '../rules/ranges';

/*
 * Issue 19: the meaning of the classification codes. A project's status, phase, health, type (art) and
 * class (klasse) and an item's status are stored as numbers (§3); each tenant names them in option lists
 * (value, label, order, colour, whether it counts as done, and for project statuses whether a project in
 * that status may be chosen as a shared parent). A tenant that never changed a list uses its default,
 * so existing tenants need no migration.
 */

export const optionListKinds = [
  'projectStatus',
  'projectPhase',
  'projectHealth',
  'projectArt',
  'projectKlasse',
  'itemStatus',
] as const;
export type OptionListKind = (typeof optionListKinds)[number];

/** The record field each list names the values of. */
export const optionListFields = {
  projectStatus: { record: 'group', field: 'status' },
  projectPhase: { record: 'group', field: 'phase' },
  projectHealth: { record: 'group', field: 'healthStatus' },
  projectArt: { record: 'group', field: 'art' },
  projectKlasse: { record: 'group', field: 'klasse' },
  itemStatus: { record: 'item', field: 'status' },
} as const satisfies Record<OptionListKind, { record: 'group' | 'item'; field: string }>;

/** The values a code may take, as the commands' schemas accept them. */
export const optionValueRange = ranges.code;

/** The colours a planner may give an option: Mantine's palette, so that badges and bars use its shades. */
export const optionColours = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type OptionColour = (typeof optionColours)[number];

export const optionLabelMax = 60;
export const optionsPerListMax = 100;

const labelText = z
  .string()
  .trim()
  .min(1, { error: say('required') })
  .max(optionLabelMax, { error: say('at-most', { bound: optionLabelMax, unit: 'characters' }) });

export const optionSchema = z.strictObject({
  value: z
    .number()
    .int({ error: say('kind', { kind: 'whole-number' }) })
    .min(optionValueRange.min, { error: `between ${optionValueRange.min} and ${optionValueRange.max}` })
    .max(optionValueRange.max, { error: `between ${optionValueRange.min} and ${optionValueRange.max}` }),
  /** The tenant's own wording: what every language shows that has no label of its own. */
  label: labelText,
  /** The label in the console's languages (issue 20); a language left out shows `label`. */
  labels: z.partialRecord(z.enum(consoleLanguages), labelText).optional(),
  colour: z.enum(optionColours),
  /** Counts as done: finished work in charts, counts and the timeline. */
  done: z.boolean(),
  /** Project statuses only: a project in this status may be chosen as the parent of another tenant's project. */
  sharedParent: z.boolean().optional(),
});
export type OptionDefinition = z.infer<typeof optionSchema>;

const repeated = (values: readonly string[]) => values.find((v, i) => values.indexOf(v) !== i);

/** A list: its options in the order shown, each value and each label once. */
export const optionListSchema = z
  .array(optionSchema)
  .min(1, { error: 'a list needs at least one option' })
  .max(optionsPerListMax, { error: `at most ${optionsPerListMax} options` })
  .superRefine((options, ctx) => {
    const value = repeated(options.map((o) => String(o.value)));
    if (value !== undefined) ctx.addIssue({ code: 'custom', message: `the value ${value} is listed twice` });
    const label = repeated(options.map((o) => o.label.toLocaleLowerCase()));
    if (label !== undefined)
      ctx.addIssue({ code: 'custom', message: `the label "${label}" is listed twice` });
  });

/** The lists a ChangeOptionLists sets; a list not named keeps what it was. */
export const optionListsSchema = z.partialRecord(z.enum(optionListKinds), optionListSchema);
export type SavedOptionLists = Partial<Record<OptionListKind, readonly OptionDefinition[]>>;
export type OptionLists = Readonly<Record<OptionListKind, readonly OptionDefinition[]>>;

/** A default option: its English label, then German, French and Italian. */
const option = (
  value: number,
  [label, de, fr, it]: readonly [string, string, string, string],
  colour: OptionColour,
  extra: Partial<Pick<OptionDefinition, 'done' | 'sharedParent'>> = {},
): OptionDefinition => ({
  value,
  label,
  labels: { 'de-CH': de, 'fr-CH': fr, 'it-CH': it },
  colour,
  done: false,
  ...extra,
});

/**
 * The lists of a tenant that has not changed them. The values are the codes Fahrplan has always stored
 * (§4: a new project has status 3 and phase, art, klasse and health 0; an item status 0; project
 * statuses 1 to 3 may be a shared parent's), so existing records keep their meaning.
 */
export const defaultOptionLists: OptionLists = {
  projectStatus: [
    option(0, ['Idea', 'Idee', 'Idée', 'Idea'], 'gray'),
    option(1, ['Requested', 'Beantragt', 'Demandé', 'Richiesto'], 'cyan', { sharedParent: true }),
    option(2, ['Approved', 'Genehmigt', 'Approuvé', 'Approvato'], 'teal', { sharedParent: true }),
    option(3, ['Planned', 'Geplant', 'Planifié', 'Pianificato'], 'blue', { sharedParent: true }),
    option(4, ['In progress', 'In Arbeit', 'En cours', 'In corso'], 'indigo'),
    option(5, ['On hold', 'Zurückgestellt', 'En attente', 'Sospeso'], 'yellow'),
    option(6, ['Completed', 'Abgeschlossen', 'Terminé', 'Completato'], 'green', { done: true }),
    option(7, ['Cancelled', 'Abgebrochen', 'Annulé', 'Annullato'], 'red', { done: true }),
    option(8, ['Closed', 'Geschlossen', 'Clôturé', 'Chiuso'], 'gray', { done: true }),
    option(9, ['Rejected', 'Abgelehnt', 'Refusé', 'Respinto'], 'pink', { done: true }),
    option(10, ['Archived', 'Archiviert', 'Archivé', 'Archiviato'], 'gray', { done: true }),
  ],
  projectPhase: [
    option(0, ['Initiation', 'Initialisierung', 'Initialisation', 'Avvio'], 'gray'),
    option(1, ['Concept', 'Konzept', 'Concept', 'Concetto'], 'cyan'),
    option(2, ['Implementation', 'Realisierung', 'Réalisation', 'Realizzazione'], 'blue'),
    option(3, ['Deployment', 'Einführung', 'Déploiement', 'Introduzione'], 'indigo'),
    option(4, ['Completed', 'Abgeschlossen', 'Terminé', 'Completato'], 'green', { done: true }),
  ],
  projectHealth: [
    option(0, ['Not rated', 'Nicht bewertet', 'Non évalué', 'Non valutato'], 'gray'),
    option(1, ['On track', 'Im Plan', 'Dans les temps', 'In linea'], 'green'),
    option(2, ['At risk', 'Gefährdet', 'À risque', 'A rischio'], 'yellow'),
    option(3, ['Critical', 'Kritisch', 'Critique', 'Critico'], 'red'),
  ],
  projectArt: [
    option(0, ['Project', 'Projekt', 'Projet', 'Progetto'], 'blue'),
    option(1, ['Programme', 'Programm', 'Programme', 'Programma'], 'violet'),
    option(2, ['Maintenance', 'Wartung', 'Maintenance', 'Manutenzione'], 'teal'),
    option(3, ['Infrastructure', 'Infrastruktur', 'Infrastructure', 'Infrastruttura'], 'orange'),
    option(99, ['Sprint group', 'Sprintgruppe', 'Groupe de sprints', 'Gruppo di sprint'], 'gray'),
  ],
  projectKlasse: [
    option(0, ['Unclassified', 'Nicht klassiert', 'Non classé', 'Non classificato'], 'gray'),
    option(1, ['A: strategic', 'A: strategisch', 'A : stratégique', 'A: strategico'], 'red'),
    option(2, ['B: important', 'B: wichtig', 'B : important', 'B: importante'], 'orange'),
    option(3, ['C: routine', 'C: Routine', 'C : routine', 'C: routine'], 'blue'),
  ],
  itemStatus: [
    option(0, ['Open', 'Offen', 'Ouvert', 'Aperto'], 'gray'),
    option(1, ['Ready', 'Bereit', 'Prêt', 'Pronto'], 'cyan'),
    option(2, ['In progress', 'In Arbeit', 'En cours', 'In corso'], 'blue'),
    option(3, ['In review', 'In Prüfung', 'En revue', 'In revisione'], 'violet'),
    option(4, ['Blocked', 'Blockiert', 'Bloqué', 'Bloccato'], 'red'),
    option(5, ['Done', 'Erledigt', 'Fait', 'Fatto'], 'green', { done: true }),
  ],
};

/** A tenant's lists: the ones it saved, its defaults for the others. */
export const optionListsOf = (saved: SavedOptionLists | undefined): OptionLists => ({
  ...defaultOptionLists,
  ...saved,
});

export const optionOf = (
  lists: OptionLists,
  kind: OptionListKind,
  value: number | null | undefined,
): OptionDefinition | undefined =>
  value === null || value === undefined ? undefined : lists[kind].find((o) => o.value === value);

/** The label a screen shows for a stored value: the option's, or the number marked as not listed. */
export const optionLabel = (
  lists: OptionLists,
  kind: OptionListKind,
  value: number | null | undefined,
  notListed: (value: number) => string = (v) => `${v} (not listed)`,
) => {
  if (value === null || value === undefined) return '—';
  return optionOf(lists, kind, value)?.label ?? notListed(value);
};

/** The lists as a screen in `language` shows them: each option labelled in it where it has a label of its own. */
export const localisedOptionLists = (lists: OptionLists, language: ConsoleLanguage): OptionLists =>
  Object.fromEntries(
    optionListKinds.map((kind) => [
      kind,
      lists[kind].map((o) => ({ ...o, label: o.labels?.[language] ?? o.label })),
    ]),
  ) as unknown as OptionLists;

/** The values listed, as "3 Planned, 4 In progress" for messages. */
const listed = (options: readonly OptionDefinition[]) =>
  options.map((o) => `${o.value} ${o.label}`).join(', ');

/**
 * Refuses a value that a command changes to one the tenant's list does not hold. A value the record
 * already has stays allowed, so that removing an option from a list does not block other changes.
 */
export const checkListed = (
  lists: OptionLists,
  kind: OptionListKind,
  value: number | null | undefined,
  before: number | null | undefined,
): void => {
  if (value === null || value === undefined || value === before) return;
  if (optionOf(lists, kind, value)) return;
  const { field } = optionListFields[kind];
  throw invalidField(
    field,
    say('not-listed'),
    `${value} is not one of the listed values (${listed(lists[kind])})`,
  );
};

/** The statuses of another tenant's project under which it may be chosen as a parent (§4). */
export const sharedParentValues = (lists: OptionLists): number[] =>
  lists.projectStatus.filter((o) => o.sharedParent === true).map((o) => o.value);
