import { baselineDecider } from '@fahrplan/contracts';
import { namedRecordHandler, tenantPastHandler } from '../infrastructure/aggregate-handler';
import { CreateBaselineMessage, DeleteBaselineMessage } from '../infrastructure/command-message';

export const baselineHandlers = [
  tenantPastHandler(CreateBaselineMessage, 'CreateBaseline', 'baseline', baselineDecider),
  namedRecordHandler(DeleteBaselineMessage, 'DeleteBaseline', 'baseline', baselineDecider),
];
