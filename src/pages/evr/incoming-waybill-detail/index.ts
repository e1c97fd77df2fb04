export { IncomingWaybillDetailPage } from './ui/IncomingWaybillDetailPage/IncomingWaybillDetailPage';
