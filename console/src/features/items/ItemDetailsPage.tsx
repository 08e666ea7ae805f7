import type { ItemView } from '@fahrplan/contracts';
import { DetailsRoute } from '../record-dialog/DetailsRoute';
import { ItemDialog, itemLoadFailureMessage } from './ItemDialog';
import { useGetItemQuery } from './itemsApi';

/** The full-page route task-details/:id (§2): by numeric id first, then by title; closing returns home. */
export function ItemDetailsPage() {
  return (
    <DetailsRoute<ItemView>
      resource="items"
      what="item"
      useRecord={useGetItemQuery}
      failureMessage={itemLoadFailureMessage}
      render={(item, goHome) => <ItemDialog key={item.id} itemId={item.id} onClose={goHome} />}
    />
  );
}
