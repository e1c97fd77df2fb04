export { EvrPanel } from './ui/EvrPanel/EvrPanel';
export type { EvrPanelProps } from './ui/EvrPanel/EvrPanel';
export { EvrMeasurementView, EvrNotes } from './ui/EvrMeasurement/EvrMeasurement';
export type { EvrMeasurementViewProps } from './ui/EvrMeasurement/EvrMeasurement';
