import type { ItemView } from '@fahrplan/contracts';
import { DetailsRoute } from '../record-dialog/DetailsRoute';
import { ItemDialog, useItemLoadFailureMessage } from './ItemDialog';
import { useGetItemQuery } from './itemsApi';

/** The full-page route task-details/:id (§2): by numeric id first, then by title; closing returns home. */
export function ItemDetailsPage() {
  const failureMessage = useItemLoadFailureMessage();
  return (
    <DetailsRoute<ItemView>
      resource="items"
      what="item"
      useRecord={useGetItemQuery}
      failureMessage={failureMessage}
      render={(item, goHome) => <ItemDialog key={item.id} itemId={item.id} onClose={goHome} />}
    />
  );
}
