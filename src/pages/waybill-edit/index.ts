export { WaybillEditPage } from './ui/WaybillEditPage/WaybillEditPage';
