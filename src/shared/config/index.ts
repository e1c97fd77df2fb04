export { configResult, getConfig, parseConfig } from './env';
export type { AppConfig, ConfigProblem, ConfigProblemReason, ConfigResult } from './env';
