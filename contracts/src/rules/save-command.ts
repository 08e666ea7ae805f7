import { z } from 'zod';
import { say } from './messages';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** A save that names its record (`id`) updates it, and must name the `version` the user saw. */
export const requireVersionWhenUpdating = (
  command: { readonly id?: unknown; readonly version?: unknown },
  ctx: z.core.$RefinementCtx,
): void => {
  if (command.id !== undefined && command.version === undefined)
    ctx.addIssue({ code: 'custom', path: ['version'], message: say('required-when-updating') });
};

/**
 * A Save command's schema (SaveApplication, SaveGroup, SaveItem): without `id` it creates a record, and
 * the `required` fields must be given; with `id` it updates the record at the `version` the user saw,
 * and omitted fields stay unchanged while null clears one.
 */
export const saveCommandSchema = <Shape extends z.ZodRawShape>(
  fields: z.ZodObject<Shape, z.core.$strict>,
  required: readonly (keyof Shape & string)[],
) =>
  fields
    .partial()
    .extend({ id: id.optional(), version: version.optional() })
    .superRefine((command, ctx) => {
      const given: Record<string, unknown> = command;
      if (given.id === undefined)
        for (const field of required)
          if (given[field] === undefined)
            ctx.addIssue({ code: 'custom', path: [field], message: say('required') });
      requireVersionWhenUpdating(given, ctx);
    });
