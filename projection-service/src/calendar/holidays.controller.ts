import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { calendarHolidaysQuerySchema } from '@fahrplan/contracts';
import type { CalendarHolidays } from '@fahrplan/contracts';
import { AuthGuard, swissHolidaysIn } from '@fahrplan/platform';
import type { QueryParams } from '../http/query-params';

/** Issue 24: the cantons' public holidays from the server's holiday library; no read model. */
@Controller('api')
@UseGuards(AuthGuard)
export class HolidaysController {
  /** A canton's public holidays of the years from … to (both included, at most 50), named in `lang`. */
  @Get('calendar/holidays')
  holidays(@Query() query: QueryParams): CalendarHolidays {
    // a ZodError answers 400 naming the fields (the problem filter)
    const { region, from, to, lang } = calendarHolidaysQuerySchema.parse(query);
    const holidays = [];
    for (let year = from; year <= to; year++)
      holidays.push(...swissHolidaysIn(region, year, lang ?? 'de-CH'));
    return { region, from, to, holidays };
  }
}
