export { AdminPanelPage } from './ui/AdminPanelPage/AdminPanelPage';
