export { WaybillDetailPage } from './ui/WaybillDetailPage/WaybillDetailPage';
