import { useParams } from 'react-router-dom';

import { IncomingWaybillDetailPage } from './IncomingWaybillDetailPage/IncomingWaybillDetailPage';
import { IncomingWaybillsPage } from './IncomingWaybillsPage/IncomingWaybillsPage';

/** `/waybills/incoming` and `/waybills/incoming/:number`: one chunk for the list of incoming waybills and one of them. */
export function IncomingPage() {
  return useParams().number === undefined ? <IncomingWaybillsPage /> : <IncomingWaybillDetailPage />;
}
