import { baselineDecider } from '@fahrplan/contracts';
import { namedRecordHandler, tenantPastHandler } from '../infrastructure/aggregate-handler';
import { CreateBaselineMessage, DeleteBaselineMessage } from '../infrastructure/command-message';

export const CreateBaselineHandler = tenantPastHandler(
  CreateBaselineMessage,
  'CreateBaseline',
  'baseline',
  baselineDecider,
);
export const DeleteBaselineHandler = namedRecordHandler(
  DeleteBaselineMessage,
  'DeleteBaseline',
  'baseline',
  baselineDecider,
);

export const baselineHandlers = [CreateBaselineHandler, DeleteBaselineHandler];
