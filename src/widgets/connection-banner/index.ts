export { BACK_ONLINE_SHOWN_MS, ConnectionBanner } from './ui/ConnectionBanner/ConnectionBanner';
