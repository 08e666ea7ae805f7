import { z } from 'zod';
import { say } from '../rules/messages';
import { invalidField } from '../errors';
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

export const optionSchema = z.strictObject({
  value: z
    .number()
    .int({ error: say('kind', { kind: 'whole-number' }) })
    .min(optionValueRange.min, { error: `between ${optionValueRange.min} and ${optionValueRange.max}` })
    .max(optionValueRange.max, { error: `between ${optionValueRange.min} and ${optionValueRange.max}` }),
  label: z
    .string()
    .trim()
    .min(1, { error: say('required') })
    .max(optionLabelMax, { error: say('at-most', { bound: optionLabelMax, unit: 'characters' }) }),
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

const option = (
  value: number,
  label: string,
  colour: OptionColour,
  extra: Partial<Pick<OptionDefinition, 'done' | 'sharedParent'>> = {},
): OptionDefinition => ({ value, label, colour, done: false, ...extra });

/**
 * The lists of a tenant that has not changed them. The values are the codes Fahrplan has always stored
 * (§4: a new project has status 3 and phase, art, klasse and health 0; an item status 0; project
 * statuses 1 to 3 may be a shared parent's), so existing records keep their meaning.
 */
export const defaultOptionLists: OptionLists = {
  projectStatus: [
    option(0, 'Idea', 'gray'),
    option(1, 'Requested', 'cyan', { sharedParent: true }),
    option(2, 'Approved', 'teal', { sharedParent: true }),
    option(3, 'Planned', 'blue', { sharedParent: true }),
    option(4, 'In progress', 'indigo'),
    option(5, 'On hold', 'yellow'),
    option(6, 'Completed', 'green', { done: true }),
    option(7, 'Cancelled', 'red', { done: true }),
    option(8, 'Closed', 'gray', { done: true }),
    option(9, 'Rejected', 'pink', { done: true }),
    option(10, 'Archived', 'gray', { done: true }),
  ],
  projectPhase: [
    option(0, 'Initiation', 'gray'),
    option(1, 'Concept', 'cyan'),
    option(2, 'Implementation', 'blue'),
    option(3, 'Deployment', 'indigo'),
    option(4, 'Completed', 'green', { done: true }),
  ],
  projectHealth: [
    option(0, 'Not rated', 'gray'),
    option(1, 'On track', 'green'),
    option(2, 'At risk', 'yellow'),
    option(3, 'Critical', 'red'),
  ],
  projectArt: [
    option(0, 'Project', 'blue'),
    option(1, 'Programme', 'violet'),
    option(2, 'Maintenance', 'teal'),
    option(3, 'Infrastructure', 'orange'),
    option(99, 'Sprint group', 'gray'),
  ],
  projectKlasse: [
    option(0, 'Unclassified', 'gray'),
    option(1, 'A: strategic', 'red'),
    option(2, 'B: important', 'orange'),
    option(3, 'C: routine', 'blue'),
  ],
  itemStatus: [
    option(0, 'Open', 'gray'),
    option(1, 'Ready', 'cyan'),
    option(2, 'In progress', 'blue'),
    option(3, 'In review', 'violet'),
    option(4, 'Blocked', 'red'),
    option(5, 'Done', 'green', { done: true }),
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
export const optionLabel = (lists: OptionLists, kind: OptionListKind, value: number | null | undefined) => {
  if (value === null || value === undefined) return '—';
  return optionOf(lists, kind, value)?.label ?? `${value} (not listed)`;
};

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
    'not one of the listed values',
    `${value} is not one of the listed values (${listed(lists[kind])})`,
  );
};

/** The statuses of another tenant's project under which it may be chosen as a parent (§4). */
export const sharedParentValues = (lists: OptionLists): number[] =>
  lists.projectStatus.filter((o) => o.sharedParent === true).map((o) => o.value);
