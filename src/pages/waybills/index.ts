export { WaybillsPage } from './ui/WaybillsPage/WaybillsPage';
