export { withAppProviders, withRouter, withWidth } from './decorators';
export type { RouterParameters, StoreParameters } from './decorators';
export { i18nResources } from './i18nResources';
