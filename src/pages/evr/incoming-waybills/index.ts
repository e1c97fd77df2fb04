export { IncomingWaybillsPage } from './ui/IncomingWaybillsPage/IncomingWaybillsPage';
