import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  bernDefinition,
  calendarRules,
  consoleLanguages,
  say,
  serverDateSchema,
  validationError,
} from '@fahrplan/contracts';
import type { CalendarVersion, ConsoleLanguage, WorkingDays } from '@fahrplan/contracts';
import { AuthGuard, swissHolidaysIn } from '@fahrplan/platform';
import { z } from 'zod';
import { ReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';

const defaultVersions: readonly CalendarVersion[] = [{ effectiveFrom: null, definition: bernDefinition }];

/** A calendar's working days for [from, to), its holidays named in `language` (the library's names). */
export const workingDaysIn = (
  versions: readonly CalendarVersion[],
  language: ConsoleLanguage,
  from: string,
  to: string,
): WorkingDays =>
  // rules are built per answer: a year's table costs its days once, the holidays are cached
  calendarRules(versions, (region, year) => swissHolidaysIn(region, year, language)).workingDays(from, to);

/** The working-day calendar: a rule of contracts/ over the holiday library, no read model. */
@Controller('api')
@UseGuards(AuthGuard)
// waits for `X-Fahrplan-After` as it did beside the read-model queries
@UseInterceptors(ReadYourWritesInterceptor)
export class WorkingDaysController {
  /**
   * From inclusive, to exclusive, like every server-side end date; the holidays named in `lang`
   * (de-CH, fr-CH, it-CH or en; German without).
   */
  @Get('calendar/working-days')
  calendar(
    @Query('from') from: string,
    @Query('to') to: string,
    @Query('lang') lang?: string | string[],
  ): WorkingDays {
    const language = z.enum(consoleLanguages).optional().safeParse(lang);
    if (!language.success)
      throw validationError(`lang must be one of ${consoleLanguages.join(', ')}`, [
        { field: 'lang', message: say('one-of', { values: consoleLanguages.join(', ') }) },
      ]);
    const range = z.object({ from: serverDateSchema, to: serverDateSchema }).safeParse({ from, to });
    if (!range.success)
      throw validationError('from and to are required as YYYY-MM-DD', [
        { field: 'from', message: 'YYYY-MM-DD' },
        { field: 'to', message: 'YYYY-MM-DD' },
      ]);
    try {
      return workingDaysIn(defaultVersions, language.data ?? 'de-CH', range.data.from, range.data.to);
    } catch (error) {
      throw validationError(error instanceof Error ? error.message : 'invalid range');
    }
  }
}
