export { EvrPanel } from './ui/EvrPanel/EvrPanel';
export type { EvrPanelProps } from './ui/EvrPanel/EvrPanel';
