import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  consoleLanguages,
  holidayNameIn,
  say,
  serverDateSchema,
  validationError,
  workingDays,
} from '@fahrplan/contracts';
import type { WorkingDays } from '@fahrplan/contracts';
import { AuthGuard } from '@fahrplan/platform';
import { z } from 'zod';
import { ReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';

/** The §9 working-day calendar: a rule of contracts/, no read model. */
@Controller('api')
@UseGuards(AuthGuard)
// waits for `X-Fahrplan-After` as it did beside the read-model queries
@UseInterceptors(ReadYourWritesInterceptor)
export class WorkingDaysController {
  /**
   * From inclusive, to exclusive, like every server-side end date; the holidays named in `lang`
   * (de-CH, fr-CH, it-CH or en; German, as the calendar has them, without).
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
      const days = workingDays(range.data.from, range.data.to);
      const named = language.data ?? 'de-CH';
      return {
        ...days,
        publicHolidays: days.publicHolidays.map((h) => ({ ...h, name: holidayNameIn(h.name, named) })),
      };
    } catch (error) {
      throw validationError(error instanceof Error ? error.message : 'invalid range');
    }
  }
}
