import type { EvrState } from '@timberlog/contract';

import type { BadgeTone } from '@/shared/ui';

/** The badge tone of where a waybill stands in EVR: ours on the EVR panel, an incoming one in its list and page. */
export const EVR_STATE_TONES: Readonly<Record<EvrState, BadgeTone>> = {
  notSent: 'neutral',
  sending: 'info',
  failed: 'danger',
  shipping: 'info',
  unloaded: 'success',
  finished: 'success',
  cancelled: 'danger',
};
